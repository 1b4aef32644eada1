// API errors through the real engine: each code surfaces with its code and HTTP status, Continue On
// Fail keeps the other items, and a 429 with Retry-After is waited out.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { CredentialData } from '../helpers/n8n';
import { runNode } from '../helpers/n8n';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import {
	admin,
	apiRequests,
	byHost,
	credentialsFor,
	deepFreeze,
	LIST_SHAPES,
	runFailing,
	runOk,
	seedRedirect,
	stateOf,
} from './support';

const HOST = 'promo.example.com';
const redirect = byHost(HOST);

const createRedirect = (host: string) => ({
	resource: 'redirect',
	operation: 'create',
	host,
	redirectTo: 'https://dest.example.org/',
	additionalFields: {},
});

describe.each(LIST_SHAPES)('list shape %s', (listShape) => {
	let sandbox: Sandbox;
	const credentials = (apiKey = 'key_ok') => credentialsFor(sandbox, apiKey);

	beforeAll(async () => {
		sandbox = await startSandbox({ listShape, rateLimit: 100000, rateWindowMs: 1000 });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(async () => {
		sandbox.reset();
		await seedRedirect(sandbox, HOST);
	});

	interface ErrorCase {
		code: string;
		httpCode: string;
		apiKey?: string;
		parameters: INodeParameters;
		prepare?: () => Promise<void>;
		/** text from the no-code hint expected in the description */
		hint: RegExp;
	}

	const cases: Array<[string, ErrorCase]> = [
		[
			'validation_error (a QR pathId that does not exist on the redirect)',
			{
				code: 'validation_error',
				httpCode: '400',
				parameters: {
					resource: 'qrCode',
					operation: 'create',
					redirect,
					label: 'Flyer',
					target: '4242',
					additionalFields: {},
				},
				hint: /Fix the input/,
			},
		],
		[
			'validation_error (turning Absolute off on a path whose stored target is a full URL)',
			{
				code: 'validation_error',
				httpCode: '400',
				prepare: async () => {
					await runOk({
						credentials: credentials(),
						parameters: {
							resource: 'path',
							operation: 'create',
							redirect,
							fromPath: '/out',
							redirectTo: 'https://partner.example.net/',
							additionalFields: { absolute: true },
						},
					});
				},
				parameters: {
					resource: 'path',
					operation: 'update',
					redirect,
					pathId: { __rl: true, mode: 'id', value: '1' },
					updateFields: { absolute: false },
				},
				hint: /Fix the input/,
			},
		],
		[
			'invalid_api_key (revoked key)',
			{
				code: 'invalid_api_key',
				httpCode: '401',
				apiKey: 'key_revoked',
				parameters: { resource: 'account', operation: 'get' },
				hint: /credential/,
			},
		],
		[
			'invalid_api_key (unknown key)',
			{
				code: 'invalid_api_key',
				httpCode: '401',
				apiKey: 'key_does_not_exist',
				parameters: { resource: 'redirect', operation: 'getAll', returnAll: true },
				hint: /credential/,
			},
		],
		[
			'api_not_enabled',
			{
				code: 'api_not_enabled',
				httpCode: '403',
				apiKey: 'key_noapi',
				parameters: { resource: 'account', operation: 'get' },
				hint: /plan/,
			},
		],
		[
			'account_inactive',
			{
				code: 'account_inactive',
				httpCode: '403',
				apiKey: 'key_inactive',
				parameters: createRedirect('new.example.com'),
				hint: /subscription/,
			},
		],
		[
			'not_found (a redirect of the account that does not exist)',
			{
				code: 'not_found',
				httpCode: '404',
				parameters: {
					resource: 'redirect',
					operation: 'get',
					redirect: byHost('nope.example.com'),
				},
				hint: /does not exist/,
			},
		],
		[
			"not_found (another account's redirect)",
			{
				code: 'not_found',
				httpCode: '404',
				prepare: async () => void (await seedRedirect(sandbox, 'theirs.example.com', 'key_other')),
				parameters: {
					resource: 'redirect',
					operation: 'delete',
					redirect: byHost('theirs.example.com'),
				},
				hint: /does not exist/,
			},
		],
		[
			'not_found (updating a QR code that does not exist)',
			{
				code: 'not_found',
				httpCode: '404',
				parameters: {
					resource: 'qrCode',
					operation: 'update',
					redirect,
					qrCodeId: { __rl: true, mode: 'id', value: '31337' },
					updateFields: { label: 'x' },
				},
				hint: /does not exist/,
			},
		],
		[
			'plan_limit_reached',
			{
				code: 'plan_limit_reached',
				httpCode: '409',
				apiKey: 'key_small',
				prepare: async () => void (await seedRedirect(sandbox, 'first.example.com', 'key_small')),
				parameters: createRedirect('second.example.com'),
				hint: /plan/,
			},
		],
		[
			'host_taken (registered by another account)',
			{
				code: 'host_taken',
				httpCode: '409',
				prepare: async () => void (await seedRedirect(sandbox, 'shared.example.com', 'key_other')),
				parameters: createRedirect('shared.example.com'),
				hint: /already registered/,
			},
		],
		[
			'host_taken (Create or Update on a host of another account)',
			{
				code: 'host_taken',
				httpCode: '409',
				prepare: async () => void (await seedRedirect(sandbox, 'shared.example.com', 'key_other')),
				parameters: { ...createRedirect('shared.example.com'), operation: 'upsert' },
				hint: /already registered/,
			},
		],
		[
			'path_exists (case-insensitive)',
			{
				code: 'path_exists',
				httpCode: '409',
				prepare: async () => {
					await runOk({
						credentials: credentials(),
						parameters: {
							resource: 'path',
							operation: 'create',
							redirect,
							fromPath: '/Promo',
							redirectTo: '/a',
							additionalFields: {},
						},
					});
				},
				parameters: {
					resource: 'path',
					operation: 'create',
					redirect,
					fromPath: '/promo',
					redirectTo: '/b',
					additionalFields: {},
				},
				hint: /already exists/,
			},
		],
	];

	describe.each(cases)('%s', (_name, errorCase) => {
		it('fails the node with a NodeApiError carrying the code and HTTP status', async () => {
			await errorCase.prepare?.();
			const error = await runFailing({
				credentials: credentials(errorCase.apiKey),
				parameters: errorCase.parameters,
			});
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toContain(errorCase.code);
			expect(error.httpCode).toBe(errorCase.httpCode);
			expect(error.context?.code).toBe(errorCase.code);
			expect(error.description).toMatch(errorCase.hint);
		});

		it('with Continue On Fail, becomes an error item with code, httpCode and pairedItem', async () => {
			await errorCase.prepare?.();
			const { items, error } = await runNode({
				credentials: credentials(errorCase.apiKey),
				parameters: errorCase.parameters,
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(items).toEqual([
				{
					json: {
						error: expect.stringContaining(errorCase.code),
						details: {
							code: errorCase.code,
							httpCode: errorCase.httpCode,
							description: expect.stringMatching(errorCase.hint),
						},
					},
					pairedItem: { item: 0 },
				},
			]);
		});
	});

	describe('Continue On Fail with a batch', () => {
		const input: INodeExecutionData[] = [
			{ json: { host: 'ok1.example.com', note: 'fine' } },
			{ json: { host: 'shared.example.com', note: 'taken by another account' } },
			{ json: { host: 'not a host', note: 'invalid before any request' } },
			{ json: { host: 'ok2.example.com', note: 'fine' } },
			{ json: { host: 'ok1.example.com', note: 'duplicate of row 0' } },
			{ json: { host: 'ok3.example.com', note: 'fine' } },
		];

		it('every failed item is an error item, successes are paired, order kept, input untouched', async () => {
			await seedRedirect(sandbox, 'shared.example.com', 'key_other');
			const frozen = deepFreeze(structuredClone(input));
			const { items, error } = await runNode({
				credentials: credentials(),
				parameters: { ...createRedirect('={{ $json.host }}') },
				input: frozen,
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(frozen).toEqual(input);
			expect(items).toHaveLength(6);
			expect(items.map((item) => item.pairedItem)).toEqual(
				[0, 1, 2, 3, 4, 5].map((index) => ({ item: index })),
			);
			expect(
				items.map(
					(item) =>
						item.json.host ?? (item.json.details as { code?: string } | undefined)?.code ?? 'error',
				),
			).toEqual([
				'ok1.example.com',
				'host_taken',
				'invalid_input',
				'ok2.example.com',
				'host_taken',
				'ok3.example.com',
			]);
			expect(items[1].json.details).toMatchObject({ code: 'host_taken', httpCode: '409' });
			expect(String(items[2].json.error)).toMatch(/Host.*item 2/);
			expect(Object.keys(items[2].json)).toContain('error');
			expect((await stateOf(sandbox)).redirects.map((entry) => entry.host).sort()).toEqual([
				'ok1.example.com',
				'ok2.example.com',
				'ok3.example.com',
				HOST,
			]);
		});

		it('without Continue On Fail, the first failure stops the node and names its item', async () => {
			await seedRedirect(sandbox, 'shared.example.com', 'key_other');
			const error = await runFailing({
				credentials: credentials(),
				parameters: createRedirect('={{ $json.host }}'),
				input: deepFreeze(structuredClone(input)),
			});
			expect(error.message).toContain('host_taken');
			expect(error.context?.itemIndex).toBe(1);
			const hosts = (await stateOf(sandbox)).redirects.map((entry) => entry.host).sort();
			expect(hosts).toEqual(['ok1.example.com', HOST]);
		});
	});

	describe('429 with Retry-After', () => {
		it('is waited out and the item succeeds', async () => {
			await admin(sandbox, 'POST', 'faults', {
				status: 429,
				retryAfter: 1,
				count: 1,
				methods: ['GET'],
				pathPrefix: `/v1/redirects/${HOST}`,
			});
			sandbox.clearRequests();
			const started = Date.now();
			const items = await runOk({
				credentials: credentials(),
				parameters: { resource: 'redirect', operation: 'get', redirect },
			});
			expect(items[0].json).toMatchObject({ host: HOST });
			expect(Date.now() - started).toBeGreaterThanOrEqual(950);
			expect(apiRequests(sandbox).map((entry) => entry.status)).toEqual([429, 200]);
		});

		it('in a batch with Continue On Fail, every item succeeds', async () => {
			await admin(sandbox, 'POST', 'faults', {
				status: 429,
				retryAfter: 1,
				count: 1,
				methods: ['POST'],
			});
			const { items, error } = await runNode({
				credentials: credentials(),
				parameters: createRedirect('={{ $json.host }}'),
				input: [{ json: { host: 'r1.example.com' } }, { json: { host: 'r2.example.com' } }],
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.host, item.pairedItem])).toEqual([
				['r1.example.com', { item: 0 }],
				['r2.example.com', { item: 1 }],
			]);
		});
	});
});

describe('rate_limited when the wait budget is exhausted', () => {
	let sandbox: Sandbox;
	let credentials: CredentialData;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: 1, rateWindowMs: 60000 });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => {
		sandbox.reset();
		credentials = { ...credentialsFor(sandbox), maxRateLimitWaitSeconds: 0 };
	});

	it('fails with rate_limited and HTTP 429 instead of waiting', async () => {
		const started = Date.now();
		const error = await runFailing({
			credentials,
			parameters: { resource: 'account', operation: 'get' },
			input: [{ json: {} }, { json: {} }],
		});
		expect(Date.now() - started).toBeLessThan(5000);
		expect(error.name).toBe('NodeApiError');
		expect(error.message).toContain('rate_limited');
		expect(error.httpCode).toBe('429');
		expect(error.context?.itemIndex).toBe(1);
		expect(error.description).toMatch(/Max Wait on Rate Limit/);
		expect(apiRequests(sandbox).map((entry) => entry.status)).toEqual([200, 429]);
	});

	it('with Continue On Fail: the first item succeeds, the second is a rate_limited error item', async () => {
		const { items, error } = await runNode({
			credentials,
			parameters: { resource: 'account', operation: 'get' },
			input: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0]).toMatchObject({ json: { email: 'ops@example.com' }, pairedItem: { item: 0 } });
		expect(items[1]).toMatchObject({
			json: { details: { code: 'rate_limited', httpCode: '429' } },
			pairedItem: { item: 1 },
		});
	});
});
