// Regression tests for validation gaps found while writing the node suite.
import type { INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { runNode } from '../helpers/n8n';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import { apiRequests, byHost, byId, credentialsFor, runOk, seedRedirect } from './support';

const HOST = 'promo.example.com';
const redirect = byHost(HOST);

let sandbox: Sandbox;
const credentials = () => credentialsFor(sandbox);

beforeAll(async () => {
	sandbox = await startSandbox({
		rateLimit: 100000,
		rateWindowMs: 1000,
		seed: {
			redirects: [
				{
					key: 'key_ok',
					host: HOST,
					redirectTo: 'https://www.example.org/',
					qrCodes: Array.from({ length: 20 }, (_, index) => ({ label: `Code ${index + 1}` })),
				},
			],
		},
	});
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	sandbox.reset();
	sandbox.clearRequests();
});

/** Expects a local validation error naming `field` and no request at all. */
async function expectRejectedLocally(parameters: INodeParameters, field: string) {
	const { error } = await runNode({ credentials: credentials(), parameters });
	expect(apiRequests(sandbox).map((entry) => `${entry.method} ${entry.path}`)).toEqual([]);
	expect(error?.message).toContain(`Invalid ${field} on item 0`);
}

describe('"By Host" accepts capital letters (hosts are case-insensitive)', () => {
	it('Redirect → Get with By Host "Promo.Example.com" finds promo.example.com', async () => {
		await seedRedirect(sandbox, 'other.example.com');
		// n8n checks the mode's regex (case-sensitive HOST_REGEX_SOURCE) before the node runs:
		// WorkflowHasIssuesError "Enter only the host, such as promo.example.com"
		const items = await runOk({
			credentials: credentials(),
			parameters: { resource: 'redirect', operation: 'get', redirect: byHost('Promo.Example.com') },
		});
		expect(items[0].json.host).toBe(HOST);
	});
});

describe('ids must be decimal numbers, never coerced', () => {
	for (const raw of ['0x10', '1e1', '0b11', '0o7']) {
		it(`QR Code id "${raw}" is rejected before any request`, async () => {
			await expectRejectedLocally(
				{ resource: 'qrCode', operation: 'delete', redirect, qrCodeId: byId(`={{ "${raw}" }}`) },
				'QR Code',
			);
		});
	}
});

describe('Redirect To must be a well-formed full URL', () => {
	for (const raw of [
		'https:dest.example.org',
		'https://dest.example.org/a b',
		'http:/dest.example.org',
	]) {
		it(`"${raw}" is rejected before any request`, async () => {
			await expectRejectedLocally(
				{
					resource: 'redirect',
					operation: 'create',
					host: 'new.example.com',
					redirectTo: `={{ ${JSON.stringify(raw)} }}`,
					additionalFields: {},
				},
				'Redirect To',
			);
		});
	}
});

describe('a full URL as a path target needs Absolute', () => {
	it('"https://elsewhere.example.net/" with Absolute off is rejected before any request', async () => {
		await expectRejectedLocally(
			{
				resource: 'path',
				operation: 'create',
				redirect,
				fromPath: '/promo',
				redirectTo: 'https://elsewhere.example.net/',
				additionalFields: {},
			},
			'Redirect To',
		);
	});
});

describe('Get Many rejects a limit below 1', () => {
	it('limit -1 is rejected (it returns all records but the last)', async () => {
		const { items, error } = await runNode({
			credentials: credentials(),
			parameters: {
				resource: 'qrCode',
				operation: 'getAll',
				redirect,
				returnAll: false,
				limit: '={{ -1 }}',
			},
		});
		expect(items.length === 0 || error !== undefined).toBe(true);
		expect(error?.message).toContain('Limit');
	});
});
