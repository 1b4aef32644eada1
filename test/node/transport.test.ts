import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { admin, call, createRedirect } from '../sandbox/helpers';
import type { RequestLogEntry, Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import type { CredentialData } from '../helpers/n8n';
import { runNode } from '../helpers/n8n';

const HOST = 'promo.example.com';
const redirect = { __rl: true, mode: 'host', value: HOST };

let sandbox: Sandbox;
let credentials: CredentialData;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 100000, rateWindowMs: 1000 });
});
afterAll(async () => await sandbox.close());
beforeEach(async () => {
	sandbox.reset();
	credentials = { baseUrl: sandbox.url, apiKey: 'key_ok', rateLimit: 100000, rateWindowSeconds: 1 };
	await createRedirect(sandbox, HOST);
	sandbox.clearRequests();
});

const apiRequests = () => sandbox.requests().filter((entry) => entry.path.startsWith('/v1'));
const fault = async (rule: Record<string, unknown>) =>
	expect((await admin(sandbox, 'POST', 'faults', rule)).status).toBeLessThan(300);
const state = async () => (await admin(sandbox, 'GET', 'state?key=key_ok')).json;
const qrItems = (count: number, prefix = 'Row') =>
	Array.from({ length: count }, (_, row) => ({ json: { label: `${prefix} ${row}` } }));
const createQrFromItems = {
	resource: 'qrCode',
	operation: 'create',
	redirect,
	label: '={{ $json.label }}',
	target: 'domain',
	additionalFields: {},
};

function mostInAnyWindow(entries: RequestLogEntry[], windowMs: number): number {
	const times = entries.map((entry) => entry.at).sort((a, b) => a - b);
	let most = 0;
	for (let first = 0, last = 0; last < times.length; last++) {
		while (times[last] - times[first] >= windowMs) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

function qrCodesOf(dump: {
	redirects: Array<{ host: string; qrCodes: Array<{ label: string }> }>;
}) {
	return dump.redirects.find((entry) => entry.host === HOST)?.qrCodes ?? [];
}

describe('pacing', () => {
	it('never starts more than the credential allows in any window, and gets no 429', async () => {
		sandbox.configure({ rateLimit: 5, rateWindowMs: 600, rateMode: 'sliding' });
		credentials = { ...credentials, apiKey: 'key_ok', rateLimit: 5, rateWindowSeconds: 0.6 };
		const started = Date.now();
		const { items, error } = await runNode({
			credentials,
			parameters: createQrFromItems,
			input: qrItems(16),
		});
		const elapsed = Date.now() - started;

		expect(error).toBeUndefined();
		expect(items).toHaveLength(16);
		const log = apiRequests();
		expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
		expect(mostInAnyWindow(log, 600)).toBeLessThanOrEqual(5);
		// 16 requests at 5 per 0.6 s need three full windows after the first batch
		expect(elapsed).toBeGreaterThanOrEqual(3 * 600);
		expect(qrCodesOf(await state())).toHaveLength(16);
	});

	it('is never rejected by a fixed-window server either', async () => {
		sandbox.configure({ rateLimit: 4, rateWindowMs: 500, rateMode: 'fixed' });
		credentials = { ...credentials, rateLimit: 4, rateWindowSeconds: 0.5 };
		const { items, error } = await runNode({
			credentials,
			parameters: createQrFromItems,
			input: qrItems(12),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(12);
		expect(apiRequests().filter((entry) => entry.status === 429)).toHaveLength(0);
	});
});

describe('429 Retry-After', () => {
	it('waits out Retry-After, pauses the key, and the item succeeds', async () => {
		await fault({ status: 429, retryAfter: 1, count: 1 });
		const { items, error } = await runNode({
			credentials,
			parameters: createQrFromItems,
			input: qrItems(3),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.label)).toEqual(['Row 0', 'Row 1', 'Row 2']);
		const log = apiRequests();
		expect(log[0].status).toBe(429);
		expect(log[1].at - log[0].at).toBeGreaterThanOrEqual(1000);
		expect(log.slice(1).every((entry) => entry.status === 201)).toBe(true);
		expect(qrCodesOf(await state())).toHaveLength(3);
	});

	it('fails the item with rate_limited once the wait budget is spent', async () => {
		await fault({ status: 429, retryAfter: 1, count: 5 });
		credentials = { ...credentials, maxRateLimitWaitSeconds: 1.5 };
		const { error } = await runNode({
			credentials,
			parameters: { resource: 'account', operation: 'get' },
		});
		expect(error?.message).toContain('rate_limited');
		expect(error?.httpCode).toBe('429');
		expect(apiRequests()).toHaveLength(2);
	});
});

describe('5xx and network failures', () => {
	it('retries a GET after 503s with backoff', async () => {
		await fault({ status: 503, count: 2, methods: ['GET'] });
		const { items, error } = await runNode({
			credentials,
			parameters: { resource: 'redirect', operation: 'get', redirect },
		});
		expect(error).toBeUndefined();
		expect(items[0].json.host).toBe(HOST);
		expect(apiRequests().map((entry) => entry.status)).toEqual([503, 503, 200]);
	});

	it('retries a PATCH after a reset connection', async () => {
		await fault({ kind: 'reset', count: 1, methods: ['PATCH'] });
		const { items, error } = await runNode({
			credentials,
			parameters: {
				resource: 'redirect',
				operation: 'update',
				redirect,
				updateFields: { redirectType: 302 },
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json.redirectType).toBe(302);
	});

	it('counts a DELETE whose answer was lost as done when the retry answers 404', async () => {
		await fault({ kind: 'reset', after: true, count: 1, methods: ['DELETE'] });
		const { items, error } = await runNode({
			credentials,
			parameters: { resource: 'redirect', operation: 'delete', redirect },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, host: HOST });
		expect(apiRequests().map((entry) => entry.status)).toEqual(['reset', 404]);
	});

	it('gives up after a few attempts with a clear error', async () => {
		await fault({ status: 503, count: 20, methods: ['GET'] });
		const { error } = await runNode({
			credentials,
			parameters: { resource: 'account', operation: 'get' },
		});
		expect(error?.message).toMatch(/gave up after 5 attempts/);
		expect(apiRequests()).toHaveLength(5);
	});
});

describe('creations are never duplicated', () => {
	const lostAnswers = [
		{ name: 'reset after the service acted', rule: { kind: 'reset', after: true } },
		{ name: '502 after the service acted', rule: { status: 502, after: true } },
	];

	describe.each(lostAnswers)('$name', ({ rule }) => {
		it('redirect: reads back by host instead of creating again', async () => {
			await fault({ ...rule, count: 1, methods: ['POST'] });
			const { items, error } = await runNode({
				credentials,
				parameters: {
					resource: 'redirect',
					operation: 'create',
					host: 'new.example.com',
					redirectTo: 'https://www.example.org/new',
				},
			});
			expect(error).toBeUndefined();
			expect(items[0].json.host).toBe('new.example.com');
			const dump = await state();
			expect(
				dump.redirects.filter((entry: { host: string }) => entry.host === 'new.example.com'),
			).toHaveLength(1);
			expect(apiRequests().map((entry) => `${entry.method} ${entry.path}`)).toEqual([
				'POST /v1/redirects',
				'GET /v1/redirects/new.example.com',
			]);
		});

		it('path: reads back by fromPath', async () => {
			await fault({ ...rule, count: 1, methods: ['POST'] });
			const { items, error } = await runNode({
				credentials,
				parameters: {
					resource: 'path',
					operation: 'create',
					redirect,
					fromPath: '/Spring',
					redirectTo: '/sale',
					additionalFields: {},
				},
			});
			expect(error).toBeUndefined();
			expect(items[0].json.fromPath).toBe('/Spring');
			const paths = (await call(sandbox, 'GET', `/v1/redirects/${HOST}/paths`)).json;
			expect(JSON.stringify(paths).match(/\/Spring/g)).toHaveLength(1);
		});

		it('QR code: reads back by label and target', async () => {
			await fault({ ...rule, count: 1, methods: ['POST'] });
			const { items, error } = await runNode({
				credentials,
				parameters: createQrFromItems,
				input: qrItems(2),
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.label)).toEqual(['Row 0', 'Row 1']);
			expect(qrCodesOf(await state()).map((code) => code.label)).toEqual(['Row 0', 'Row 1']);
		});
	});

	it('sends a creation again when reading back shows it did not happen', async () => {
		await fault({ status: 503, count: 1, methods: ['POST'] });
		const { items, error } = await runNode({
			credentials,
			parameters: createQrFromItems,
			input: qrItems(1),
		});
		expect(error).toBeUndefined();
		expect(items[0].json.label).toBe('Row 0');
		expect(apiRequests().map((entry) => `${entry.method} ${entry.status}`)).toEqual([
			'POST 503',
			'GET 200',
			'POST 201',
		]);
		expect(qrCodesOf(await state())).toHaveLength(1);
	});

	it('fails the item instead of guessing when reading back is ambiguous', async () => {
		for (let copy = 0; copy < 2; copy++) {
			await call(sandbox, 'POST', `/v1/redirects/${HOST}/qr-codes`, { body: { label: 'Row 0' } });
		}
		await fault({ kind: 'reset', count: 1, methods: ['POST'] });
		const { items, error } = await runNode({
			credentials,
			parameters: createQrFromItems,
			input: qrItems(1),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0].json.details).toMatchObject({ code: 'outcome_unknown' });
		expect(String(items[0].json.error)).toMatch(/unknown whether the service created it/);
		expect(qrCodesOf(await state())).toHaveLength(2);
	});
});

describe('timeouts', () => {
	it('abandons a hung request after the credential timeout and retries it', async () => {
		await fault({ kind: 'delay', delayMs: 3000, count: 1, methods: ['GET'] });
		credentials = { ...credentials, timeoutSeconds: 0.3 };
		const started = Date.now();
		const { items, error } = await runNode({
			credentials,
			parameters: { resource: 'redirect', operation: 'get', redirect },
		});
		expect(error).toBeUndefined();
		expect(items[0].json.host).toBe(HOST);
		expect(Date.now() - started).toBeLessThan(2500);
	});

	it('reports a timeout clearly when the service never answers in time', async () => {
		await fault({ kind: 'delay', delayMs: 2000, count: 10, methods: ['GET'] });
		credentials = { ...credentials, timeoutSeconds: 0.2 };
		const { error } = await runNode({
			credentials,
			parameters: { resource: 'account', operation: 'get' },
		});
		expect(error?.message).toMatch(/No answer from .* within 0.2 s/);
		expect(error?.message).toContain('[timeout]');
	});
});
