import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runNode } from '../helpers/n8n';
import { createRedirect } from '../sandbox/helpers';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';

const HOST = 'promo.example.com';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 100000, rateWindowMs: 1000 });
	await createRedirect(sandbox, HOST);
});
afterAll(async () => await sandbox.close());

describe('On Error: Continue (using error output)', () => {
	it('sends failed rows to the error output, paired to their input, and the rest to the main output', async () => {
		const rows = [
			{ label: 'Flyer A', color: '#112233' },
			{ label: 'Flyer B', color: 'red' },
			{ label: 'Flyer C', color: '#445566' },
		];
		const { items, errorItems, error } = await runNode({
			credentials: { baseUrl: sandbox.url, apiKey: 'key_ok' },
			errorOutput: true,
			input: rows.map((row) => ({ json: row })),
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				redirect: { __rl: true, mode: 'host', value: HOST },
				label: '={{ $json.label }}',
				target: 'domain',
				additionalFields: { color: '={{ $json.color }}' },
			},
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.label, item.pairedItem])).toEqual([
			['Flyer A', { item: 0 }],
			['Flyer C', { item: 2 }],
		]);
		expect(errorItems).toHaveLength(1);
		expect(errorItems[0].pairedItem).toEqual({ item: 1 });
		expect(errorItems[0].json).toEqual({
			error: expect.stringContaining('Invalid Color on item 1'),
			details: {
				code: 'invalid_input',
				description: expect.stringContaining('No request was sent'),
			},
		});
	});
});
