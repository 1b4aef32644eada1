// Account and Redirect operations through n8n's real engine, against the sandbox, in every list shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import {
	admin,
	apiRequests,
	byHost,
	credentialsFor,
	fromList,
	jsonOf,
	LIST_SHAPES,
	redirectState,
	runFailing,
	runOk,
	seedRedirect,
	stateOf,
	until,
} from './support';

const HOST = 'promo.example.com';

describe.each(LIST_SHAPES)('list shape %s', (listShape) => {
	let sandbox: Sandbox;
	const credentials = () => credentialsFor(sandbox);

	beforeAll(async () => {
		sandbox = await startSandbox({ listShape, rateLimit: 100000, rateWindowMs: 1000 });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.reset());

	describe('Account → Get', () => {
		it('returns email, plan and maxRedirects with one request', async () => {
			sandbox.clearRequests();
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'account', operation: 'get' },
			});
			expect(jsonOf(items)).toEqual([{ email: 'ops@example.com', plan: 'Pro', maxRedirects: 5 }]);
			expect(apiRequests(sandbox).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
				'GET /v1/me',
			]);
		});

		it('adds redirectCount and remainingRedirects with includeUsage', async () => {
			await seedRedirect(sandbox, 'a.example.com');
			await seedRedirect(sandbox, 'b.example.com');
			await seedRedirect(sandbox, 'other.example.com', 'key_other');
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'account', operation: 'get', includeUsage: true },
			});
			expect(jsonOf(items)).toEqual([
				{
					email: 'ops@example.com',
					plan: 'Pro',
					maxRedirects: 5,
					redirectCount: 2,
					remainingRedirects: 3,
				},
			]);
		});

		it('keeps one output item per input item, each paired', async () => {
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'account', operation: 'get' },
				input: [{ json: { row: 0 } }, { json: { row: 1 } }],
			});
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		});
	});

	describe('Redirect', () => {
		it('Create: creates the redirect with all fields and returns it', async () => {
			const items = await runOk({
				credentials: credentials(),
				parameters: {
					resource: 'redirect',
					operation: 'create',
					host: 'Promo.Example.com',
					redirectTo: 'https://www.example.org/landing',
					additionalFields: { redirectType: 302, followPath: false, followQueryString: false },
				},
			});
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				host: HOST,
				redirectTo: 'https://www.example.org/landing',
				redirectType: 302,
				followPath: false,
				followQueryString: false,
				status: 'not_configured',
				dns: { type: 'A', name: HOST },
			});
			expect(items[0].pairedItem).toEqual({ item: 0 });
			expect(await redirectState(sandbox, HOST)).toMatchObject({
				redirectTo: 'https://www.example.org/landing',
				redirectType: 302,
				followPath: false,
				followQueryString: false,
			});
		});

		it('Create: one redirect per input item, from expressions', async () => {
			const items = await runOk({
				credentials: credentials(),
				parameters: {
					resource: 'redirect',
					operation: 'create',
					host: '={{ $json.host }}',
					redirectTo: '={{ $json.to }}',
					additionalFields: {},
				},
				input: [
					{ json: { host: 'one.example.com', to: 'https://dest.example.org/1' } },
					{ json: { host: 'two.example.com', to: 'https://dest.example.org/2' } },
				],
			});
			expect(items.map((item) => [item.json.host, item.json.redirectTo, item.pairedItem])).toEqual([
				['one.example.com', 'https://dest.example.org/1', { item: 0 }],
				['two.example.com', 'https://dest.example.org/2', { item: 1 }],
			]);
			expect((await stateOf(sandbox)).redirects.map((redirect) => redirect.host).sort()).toEqual([
				'one.example.com',
				'two.example.com',
			]);
		});

		it('Get: by host and from the list', async () => {
			await seedRedirect(sandbox, HOST, 'key_ok', { redirectTo: 'https://www.example.org/' });
			for (const locator of [byHost(HOST), fromList(HOST)]) {
				const items = await runOk({
					credentials: credentials(),
					parameters: { resource: 'redirect', operation: 'get', redirect: locator },
				});
				expect(jsonOf(items)).toEqual([
					expect.objectContaining({
						host: HOST,
						redirectTo: 'https://www.example.org/',
						status: 'not_configured',
					}),
				]);
			}
		});

		it('Get Many: returnAll returns every redirect of the account, one item each', async () => {
			for (const host of ['a.example.com', 'b.example.com', 'c.example.com']) {
				await seedRedirect(sandbox, host);
			}
			await seedRedirect(sandbox, 'foreign.example.com', 'key_other');
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'redirect', operation: 'getAll', returnAll: true },
			});
			expect(items.map((item) => item.json.host).sort()).toEqual([
				'a.example.com',
				'b.example.com',
				'c.example.com',
			]);
			expect(items.every((item) => typeof item.json.redirectTo === 'string')).toBe(true);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		});

		it('Get Many: limit caps the number of items', async () => {
			for (const host of ['a.example.com', 'b.example.com', 'c.example.com']) {
				await seedRedirect(sandbox, host);
			}
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'redirect', operation: 'getAll', returnAll: false, limit: 2 },
			});
			expect(items).toHaveLength(2);
			expect(items.every((item) => String(item.json.host).endsWith('.example.com'))).toBe(true);
		});

		it('Get Many: filters by status and host before the limit', async () => {
			for (const host of ['shop.example.com', 'blog.example.com', 'shop.example.net']) {
				await seedRedirect(sandbox, host);
			}
			await admin(sandbox, 'POST', 'status', { host: 'shop.example.net', status: 'error' });
			const items = await runOk({
				credentials: credentials(),
				parameters: {
					resource: 'redirect',
					operation: 'getAll',
					returnAll: false,
					limit: 1,
					filters: { hostContains: 'SHOP', status: ['error', 'disabled'] },
				},
			});
			expect(items.map((item) => item.json.host)).toEqual(['shop.example.net']);
		});

		it('Get Many: an account without redirects gives no items and no error', async () => {
			const result = await runOk({
				credentials: credentials(),
				parameters: { resource: 'redirect', operation: 'getAll', returnAll: true },
			});
			expect(result).toEqual([]);
		});

		it('Update: changes only the given fields', async () => {
			await seedRedirect(sandbox, HOST, 'key_ok', { redirectTo: 'https://old.example.org/' });
			const items = await runOk({
				credentials: credentials(),
				parameters: {
					resource: 'redirect',
					operation: 'update',
					redirect: byHost(HOST),
					updateFields: { redirectTo: 'https://new.example.org/x', redirectType: 302 },
				},
			});
			expect(items[0].json).toMatchObject({
				host: HOST,
				redirectTo: 'https://new.example.org/x',
				redirectType: 302,
				followPath: true,
				followQueryString: true,
			});
			const stored = await redirectState(sandbox, HOST);
			expect(stored).toMatchObject({ redirectTo: 'https://new.example.org/x', redirectType: 302 });
			const patch = apiRequests(sandbox).filter((entry) => entry.method === 'PATCH');
			expect(patch.map((entry) => entry.path)).toEqual([`/v1/redirects/${HOST}`]);
		});

		it('Delete: removes the redirect with its paths and QR codes', async () => {
			await seedRedirect(sandbox, HOST);
			await seedRedirect(sandbox, 'keep.example.com');
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'redirect', operation: 'delete', redirect: byHost(HOST) },
			});
			expect(jsonOf(items)).toEqual([{ deleted: true, host: HOST }]);
			expect((await stateOf(sandbox)).redirects.map((redirect) => redirect.host)).toEqual([
				'keep.example.com',
			]);
		});

		it('Check Status: not_configured, then pending once DNS points, then active after the certificate', async () => {
			sandbox.configure({ certDelayMs: 300 });
			await seedRedirect(sandbox, HOST);
			const check = async () =>
				(
					await runOk({
						credentials: credentials(),
						parameters: { resource: 'redirect', operation: 'checkStatus', redirect: byHost(HOST) },
					})
				)[0].json;

			expect(await check()).toMatchObject({
				host: HOST,
				status: 'not_configured',
				dns: { pointing: false, expected: { type: 'A', name: HOST } },
				certificate: { expiresAt: null },
			});

			await admin(sandbox, 'POST', 'dns', { host: HOST, pointing: true });
			const pending = await check();
			expect(pending).toMatchObject({ status: 'pending', dns: { pointing: true } });

			const active = await until(async () => {
				const report = await check();
				return report.status === 'active' ? report : undefined;
			});
			expect(active).toMatchObject({ status: 'active', dns: { pointing: true } });
			expect(typeof (active.certificate as { expiresAt: unknown }).expiresAt).toBe('string');
		});

		describe('Create or Update (upsert)', () => {
			const upsert = (redirectTo: string, additionalFields = {}) => ({
				resource: 'redirect',
				operation: 'upsert',
				host: HOST,
				redirectTo,
				additionalFields,
			});

			it('creates the redirect when it is missing', async () => {
				sandbox.clearRequests();
				const items = await runOk({
					credentials: credentials(),
					parameters: upsert('https://dest.example.org/new', { redirectType: 302 }),
				});
				expect(items[0].json).toMatchObject({
					host: HOST,
					redirectTo: 'https://dest.example.org/new',
					redirectType: 302,
					status: 'not_configured',
				});
				expect(await redirectState(sandbox, HOST)).toMatchObject({
					redirectTo: 'https://dest.example.org/new',
				});
				expect(apiRequests(sandbox).map((entry) => entry.method)).toContain('POST');
			});

			it('updates the redirect when it exists, without creating another', async () => {
				await seedRedirect(sandbox, HOST, 'key_ok', { redirectTo: 'https://old.example.org/' });
				sandbox.clearRequests();
				const items = await runOk({
					credentials: credentials(),
					parameters: upsert('https://dest.example.org/updated', { followPath: false }),
				});
				expect(items[0].json).toMatchObject({
					host: HOST,
					redirectTo: 'https://dest.example.org/updated',
					followPath: false,
				});
				const methods = apiRequests(sandbox).map((entry) => entry.method);
				expect(methods).not.toContain('POST');
				expect(methods).toContain('PATCH');
				const { redirects } = await stateOf(sandbox);
				expect(redirects).toHaveLength(1);
				expect(redirects[0]).toMatchObject({ redirectTo: 'https://dest.example.org/updated' });
			});

			it('syncs a sheet: mixed existing and new rows', async () => {
				await seedRedirect(sandbox, 'a.example.com', 'key_ok', {
					redirectTo: 'https://old.example.org/',
				});
				const items = await runOk({
					credentials: credentials(),
					parameters: {
						...upsert('={{ $json.to }}'),
						host: '={{ $json.host }}',
					},
					input: [
						{ json: { host: 'a.example.com', to: 'https://dest.example.org/a' } },
						{ json: { host: 'b.example.com', to: 'https://dest.example.org/b' } },
					],
				});
				expect(items.map((item) => [item.json.host, item.json.redirectTo])).toEqual([
					['a.example.com', 'https://dest.example.org/a'],
					['b.example.com', 'https://dest.example.org/b'],
				]);
				const { redirects } = await stateOf(sandbox);
				expect(
					Object.fromEntries(redirects.map((redirect) => [redirect.host, redirect.redirectTo])),
				).toEqual({
					'a.example.com': 'https://dest.example.org/a',
					'b.example.com': 'https://dest.example.org/b',
				});
			});
		});

		describe('Wait Until Active', () => {
			const wait = (options: Record<string, number>) => ({
				resource: 'redirect',
				operation: 'waitUntilActive',
				redirect: byHost(HOST),
				options,
			});

			it('polls the status until the redirect is active', async () => {
				sandbox.configure({ certDelayMs: 200 });
				await seedRedirect(sandbox, HOST);
				await admin(sandbox, 'POST', 'dns', { host: HOST, pointing: true });
				sandbox.clearRequests();
				const items = await runOk({
					credentials: credentials(),
					parameters: wait({ pollInterval: 1, timeout: 30 }),
				});
				expect(items[0].json).toMatchObject({ host: HOST, status: 'active' });
				expect(typeof items[0].json.waitedSeconds).toBe('number');
				const checks = apiRequests(sandbox);
				expect(checks.length).toBeGreaterThanOrEqual(2);
				expect(checks.every((entry) => entry.path === `/v1/redirects/${HOST}/status`)).toBe(true);
				expect((await redirectState(sandbox, HOST))?.status).toBe('active');
			});

			it('returns at once when the redirect is already active', async () => {
				await seedRedirect(sandbox, HOST, 'key_ok', { status: 'active' });
				sandbox.clearRequests();
				const items = await runOk({
					credentials: credentials(),
					parameters: wait({ pollInterval: 1, timeout: 30 }),
				});
				expect(items[0].json).toMatchObject({ status: 'active', waitedSeconds: 0 });
				expect(apiRequests(sandbox)).toHaveLength(1);
			});

			it('fails the item when the status is error, with the service error message', async () => {
				await seedRedirect(sandbox, HOST);
				await admin(sandbox, 'POST', 'status', {
					host: HOST,
					status: 'error',
					errorMessage: 'CAA record forbids issuance',
				});
				const error = await runFailing({
					credentials: credentials(),
					parameters: wait({ pollInterval: 1, timeout: 30 }),
				});
				expect(error.message).toContain(HOST);
				expect(error.message).toContain('error');
				expect(error.description).toContain('CAA record forbids issuance');
			});

			it('fails the item after the timeout while DNS does not point', async () => {
				await seedRedirect(sandbox, HOST);
				const started = Date.now();
				const error = await runFailing({
					credentials: credentials(),
					parameters: wait({ pollInterval: 1, timeout: 2 }),
				});
				expect(Date.now() - started).toBeLessThan(5000);
				expect(error.message).toContain('still not_configured');
				expect(error.description).toMatch(/DNS record/);
				expect((await redirectState(sandbox, HOST))?.status).toBe('not_configured');
			});

			it('with Continue On Fail, a timed-out item becomes an error item and the others succeed', async () => {
				await seedRedirect(sandbox, HOST);
				await seedRedirect(sandbox, 'live.example.com', 'key_ok', { status: 'active' });
				const items = await runOk({
					credentials: credentials(),
					parameters: {
						...wait({ pollInterval: 1, timeout: 1 }),
						redirect: byHost('={{ $json.host }}'),
					},
					input: [{ json: { host: HOST } }, { json: { host: 'live.example.com' } }],
					continueOnFail: true,
				});
				expect(items).toHaveLength(2);
				expect(items[0]).toMatchObject({ pairedItem: { item: 0 } });
				expect(String(items[0].json.error)).toContain('still not_configured');
				expect(items[1]).toMatchObject({
					json: { host: 'live.example.com', status: 'active' },
					pairedItem: { item: 1 },
				});
			});
		});
	});
});
