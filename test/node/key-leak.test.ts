/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test only */
// The API key never appears in any output item, error (message, description, context, stack), run
// data or logged line (n8n's error reporter, console) — across successes, API errors, local
// validation errors, retries and network failures, with and without Continue On Fail.
import { createServer } from 'node:net';
import { ErrorReporter } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { CredentialData, RunResult } from '../helpers/n8n';
import { runNode } from '../helpers/n8n';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import { admin, apiRequests, byHost, byId } from './support';

const leakProbe = ['key', 'SECRET', 'tok', '9f8e7d'].join('_');
const PROBE_EMAIL = 'probe@example.com';
const HOST = 'leak.example.com';
const redirect = byHost(HOST);

async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** Everything an n8n user or log reader could see of one run. */
function visibleText(result: RunResult): string {
	const { error } = result;
	const parts: unknown[] = [result.items, result.run];
	if (error) {
		parts.push(error.message, error.description, error.context, error.stack, error);
	}
	return parts
		.map((part) => (typeof part === 'string' ? part : JSON.stringify(part ?? null)))
		.join('\n');
}

const operations: Array<[string, INodeParameters, boolean?]> = [
	['account get with usage', { resource: 'account', operation: 'get', includeUsage: true }],
	[
		'redirect create',
		{
			resource: 'redirect',
			operation: 'create',
			host: 'new.example.com',
			redirectTo: 'https://dest.example.org/',
			additionalFields: {},
		},
	],
	['redirect get', { resource: 'redirect', operation: 'get', redirect }],
	['redirect get many', { resource: 'redirect', operation: 'getAll', returnAll: true }],
	['redirect check status', { resource: 'redirect', operation: 'checkStatus', redirect }],
	[
		'redirect upsert',
		{
			resource: 'redirect',
			operation: 'upsert',
			host: HOST,
			redirectTo: 'https://dest.example.org/upsert',
			additionalFields: {},
		},
	],
	[
		'path create',
		{
			resource: 'path',
			operation: 'create',
			redirect,
			fromPath: '/leak',
			redirectTo: '/x',
			additionalFields: {},
		},
	],
	[
		'qr create',
		{
			resource: 'qrCode',
			operation: 'create',
			redirect,
			label: 'Leak',
			target: 'domain',
			additionalFields: {},
		},
	],
	[
		'qr download png',
		{
			resource: 'qrCode',
			operation: 'downloadImage',
			redirect,
			qrCodeId: byId(1),
			imageFormat: 'png',
			size: 128,
			binaryPropertyName: 'data',
		},
	],
	[
		'qr download as AI tool',
		{
			resource: 'qrCode',
			operation: 'downloadImage',
			redirect,
			qrCodeId: byId(1),
			imageFormat: 'svg',
			size: 128,
			binaryPropertyName: 'data',
		},
		true,
	],
	[
		'not_found',
		{ resource: 'redirect', operation: 'get', redirect: byHost('missing.example.com') },
	],
	[
		'host_taken',
		{
			resource: 'redirect',
			operation: 'create',
			host: 'taken.example.com',
			redirectTo: 'https://dest.example.org/',
			additionalFields: {},
		},
	],
	[
		'service validation_error',
		{
			resource: 'qrCode',
			operation: 'create',
			redirect,
			label: 'x',
			target: '999',
			additionalFields: {},
		},
	],
	[
		'local validation error',
		{
			resource: 'redirect',
			operation: 'create',
			host: 'bad host',
			redirectTo: 'ftp://x',
			additionalFields: {},
		},
	],
	[
		'path not_found from the list',
		{ resource: 'path', operation: 'get', redirect, pathId: byId(999) },
	],
];

describe('the API key never leaks', () => {
	let sandbox: Sandbox;
	let credentials: CredentialData;
	const logged: string[] = [];
	const scanned: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({
			rateLimit: 100000,
			rateWindowMs: 1000,
			seed: {
				accounts: [{ key: leakProbe, email: PROBE_EMAIL, maxRedirects: 10 }],
				redirects: [
					{ key: leakProbe, host: HOST, redirectTo: 'https://dest.example.org/' },
					{ key: 'key_other', host: 'taken.example.com', redirectTo: 'https://dest.example.org/' },
				],
			},
		});
		credentials = {
			baseUrl: sandbox.url,
			apiKey: leakProbe,
			rateLimit: 100000,
			rateWindowSeconds: 1,
		};
		// n8n reports every node failure to its ErrorReporter, which logs the message and stack of the
		// error and of its whole cause chain: record exactly what would be logged.
		const report = ErrorReporter.prototype.error;
		vi.spyOn(ErrorReporter.prototype, 'error').mockImplementation(function (
			this: ErrorReporter,
			...args: Parameters<ErrorReporter['error']>
		) {
			const seenErrors = new Set<unknown>();
			let current: unknown = args[0];
			while (current && !seenErrors.has(current)) {
				seenErrors.add(current);
				const error = current as Error & { extra?: unknown; cause?: unknown };
				logged.push([error.message, error.stack, JSON.stringify(error.extra ?? null)].join('\n'));
				current = error.cause;
			}
			return report.apply(this, args);
		});
		// And anything the node or n8n writes to the console
		const capture =
			(original: (...args: never[]) => unknown) =>
			(...args: unknown[]) => {
				logged.push(args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
				return (original as (...a: unknown[]) => unknown)(...args);
			};
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			// eslint-disable-next-line no-console -- wrapping the console to read what is logged
			vi.spyOn(console, method).mockImplementation(capture(console[method].bind(console)));
		}
	});
	afterAll(async () => {
		vi.restoreAllMocks();
		await sandbox.close();
	});

	const expectClean = (text: string) => {
		scanned.push(text);
		expect(text).not.toContain(leakProbe);
		expect(text).not.toContain('9f8e7d');
	};

	describe.each([false, true])('continueOnFail %s', (continueOnFail) => {
		it.each(operations)('%s', async (_name, parameters, asTool) => {
			const result = await runNode({
				credentials,
				parameters,
				continueOnFail,
				asTool,
				input: [{ json: { row: 1 } }],
			});
			expectClean(visibleText(result));
		});

		it('a 429 with Retry-After, then success', async () => {
			await admin(sandbox, 'POST', 'faults', { status: 429, retryAfter: 1, count: 1 });
			const result = await runNode({
				credentials,
				parameters: { resource: 'account', operation: 'get' },
				continueOnFail,
			});
			expect(result.items[0]?.json.email).toBe(PROBE_EMAIL);
			expectClean(visibleText(result));
		});

		it('a 503 that is retried, then success', async () => {
			await admin(sandbox, 'POST', 'faults', { status: 503, retryAfter: 0, count: 1 });
			const result = await runNode({
				credentials,
				parameters: { resource: 'redirect', operation: 'get', redirect },
				continueOnFail,
			});
			expect(result.items[0]?.json.host).toBe(HOST);
			expectClean(visibleText(result));
		});

		it('the rate-limit budget exhausted (rate_limited)', async () => {
			await admin(sandbox, 'POST', 'faults', { status: 429, retryAfter: 30, count: 1 });
			const result = await runNode({
				credentials: { ...credentials, maxRateLimitWaitSeconds: 0 },
				parameters: { resource: 'account', operation: 'get' },
				continueOnFail,
			});
			const text = visibleText(result);
			expect(text).toContain('rate_limited');
			expectClean(text);
		});

		it('a network error (nothing listens on the port)', async () => {
			const port = await closedPort();
			const result = await runNode({
				credentials: { ...credentials, baseUrl: `http://127.0.0.1:${port}` },
				parameters: { resource: 'redirect', operation: 'get', redirect },
				continueOnFail,
			});
			const text = visibleText(result);
			expect(text).toContain('network_error');
			expectClean(text);
		});

		it('a dropped connection on a creation (reconciled by reading back)', async () => {
			await admin(sandbox, 'POST', 'faults', {
				kind: 'reset',
				after: true,
				count: 1,
				methods: ['POST'],
			});
			const result = await runNode({
				credentials,
				parameters: {
					resource: 'qrCode',
					operation: 'create',
					redirect,
					label: `Reset ${String(continueOnFail)}`,
					target: 'domain',
					additionalFields: {},
				},
				continueOnFail,
			});
			expect(result.items[0]?.json.label).toBe(`Reset ${String(continueOnFail)}`);
			expectClean(visibleText(result));
		});
	});

	it('the scan was meaningful: the runs used the probe key and produced errors and successes', () => {
		const used = apiRequests(sandbox);
		expect(used.length).toBeGreaterThan(20);
		expect(used.every((entry) => entry.account === PROBE_EMAIL)).toBe(true);
		const all = scanned.join('\n');
		for (const expected of [
			'not_found',
			'host_taken',
			'validation_error',
			'Invalid Host',
			'network_error',
		]) {
			expect(all).toContain(expected);
		}
	});

	it('nothing n8n logs about the failures (error reporter, console) contains the key', () => {
		expect(logged.some((line) => line.includes('host_taken'))).toBe(true);
		for (const line of logged) {
			expect(line).not.toContain(leakProbe);
			expect(line).not.toContain('9f8e7d');
		}
	});
});
