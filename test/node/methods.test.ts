// List search and load options, called with a real n8n-core LoadOptionsContext (real Workflow, the
// credential's `authenticate` applied), against the sandbox, in every list shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { RedirectManager } from '../../nodes/RedirectManager/RedirectManager.node';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import {
	apiRequests,
	byHost,
	credentialsFor,
	fromList,
	LIST_SHAPES,
	loadOptionsContext,
} from './support';

const HOST = 'promo.example.com';
const { listSearch, loadOptions } = new RedirectManager().methods;

describe.each(LIST_SHAPES)('list shape %s', (listShape) => {
	let sandbox: Sandbox;
	const context = (parameters = {}, path?: string, apiKey = 'key_ok') =>
		loadOptionsContext(credentialsFor(sandbox, apiKey), parameters, path);

	beforeAll(async () => {
		sandbox = await startSandbox({
			listShape,
			rateLimit: 100000,
			rateWindowMs: 1000,
			seed: {
				redirects: [
					{
						key: 'key_ok',
						host: HOST,
						redirectTo: 'https://www.example.org/',
						paths: [
							{ fromPath: '/spring', redirectTo: '/sale' },
							{ fromPath: '/summer', redirectTo: '/beach' },
						],
						qrCodes: [{ label: 'Flyer' }, { label: 'Poster', fromPath: '/spring' }],
					},
					{ key: 'key_ok', host: 'shop.example.com', redirectTo: 'https://store.example.net/' },
					{ key: 'key_other', host: 'foreign.example.com', redirectTo: 'https://x.example.net/' },
				],
			},
		});
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.reset());

	it("searchRedirects lists the account's redirects, authenticated with the credential", async () => {
		const { results } = await listSearch.searchRedirects.call(context());
		expect(results.map((result) => result.value).sort()).toEqual([HOST, 'shop.example.com']);
		expect(results.find((result) => result.value === HOST)).toMatchObject({
			name: expect.stringContaining(HOST),
			url: `https://${HOST}`,
		});
		expect(apiRequests(sandbox)).toEqual([
			expect.objectContaining({ path: '/v1/redirects', auth: true, account: 'ops@example.com' }),
		]);
	});

	it('searchRedirects filters by host or destination, case-insensitively', async () => {
		const byHostName = await listSearch.searchRedirects.call(context(), 'SHOP');
		expect(byHostName.results.map((result) => result.value)).toEqual(['shop.example.com']);
		const byDestination = await listSearch.searchRedirects.call(context(), 'store.example');
		expect(byDestination.results.map((result) => result.value)).toEqual(['shop.example.com']);
		const none = await listSearch.searchRedirects.call(context(), 'nothing-matches');
		expect(none.results).toEqual([]);
	});

	it('searchRedirects surfaces an API error with its code', async () => {
		await expect(
			listSearch.searchRedirects.call(context({}, undefined, 'key_revoked')),
		).rejects.toThrow(/invalid_api_key/);
	});

	for (const locator of [byHost(HOST), fromList(HOST)]) {
		it(`searchPaths and searchQrCodes list the chosen redirect's records (mode ${locator.mode})`, async () => {
			const parameters = { resource: 'qrCode', operation: 'get', redirect: locator };
			const paths = await listSearch.searchPaths.call(context(parameters, 'parameters.pathId'));
			expect(paths.results).toEqual([
				{ name: '/spring → /sale', value: expect.stringMatching(/^\d+$/) },
				{ name: '/summer → /beach', value: expect.stringMatching(/^\d+$/) },
			]);
			const codes = await listSearch.searchQrCodes.call(context(parameters, 'parameters.qrCodeId'));
			expect(codes.results.map((result) => result.name)).toEqual([
				expect.stringMatching(/^Flyer \(#\d+\)$/),
				expect.stringMatching(/^Poster \(#\d+\)$/),
			]);
			const filtered = await listSearch.searchQrCodes.call(
				context(parameters, 'parameters.qrCodeId'),
				'post',
			);
			expect(filtered.results.map((result) => result.name)).toEqual([
				expect.stringMatching(/^Poster/),
			]);
		});
	}

	it('searchPaths and searchQrCodes return nothing (and send nothing) before a redirect is chosen', async () => {
		const parameters = { resource: 'path', operation: 'get', redirect: fromList('') };
		expect(await listSearch.searchPaths.call(context(parameters))).toEqual({ results: [] });
		expect(await listSearch.searchQrCodes.call(context(parameters))).toEqual({ results: [] });
		expect(apiRequests(sandbox)).toEqual([]);
	});

	it('getPathTargets offers "Domain Itself" plus every path of the redirect', async () => {
		const targets = await loadOptions.getPathTargets.call(
			context(
				{ resource: 'qrCode', operation: 'create', redirect: byHost(HOST) },
				'parameters.target',
			),
		);
		expect(targets.map((target) => target.name)).toEqual(['Domain Itself', '/spring', '/summer']);
		expect(targets[0].value).toBe('domain');
		expect(targets.slice(1).every((target) => /^\d+$/.test(String(target.value)))).toBe(true);
	});

	it('getPathTargets offers only the domain before a redirect is chosen', async () => {
		const targets = await loadOptions.getPathTargets.call(
			context(
				{ resource: 'qrCode', operation: 'create', redirect: fromList('') },
				'parameters.target',
			),
		);
		expect(targets.map((target) => target.value)).toEqual(['domain']);
	});

	it('getRedirectHosts lists the hosts sorted', async () => {
		const hosts = await loadOptions.getRedirectHosts.call(context());
		expect(hosts).toEqual([
			{ name: HOST, value: HOST },
			{ name: 'shop.example.com', value: 'shop.example.com' },
		]);
	});
});
