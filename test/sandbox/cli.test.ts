/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test only: spawns the CLI */
// The CLI prints {"url": ...} as its first stdout line, honours the env knobs and exits cleanly on signals.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';

const CLI = resolve(process.cwd(), 'test/sandbox/cli.mjs'); // vitest runs from the package root

function start(env: Record<string, string>) {
	const child = spawn(process.execPath, [CLI], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const firstLine = new Promise<string>((resolve, reject) => {
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('\n')) resolve(out.split('\n')[0]);
		});
		child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
	});
	firstLine.catch(() => {}); // awaited only by tests that expect a start
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, firstLine, exited };
}

const get = async (url: string, key = 'key_ok') => {
	const res = await request(url, { headers: { authorization: `Bearer ${key}` } });
	return { status: res.statusCode, json: (await res.body.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('cli', () => {
	it('prints the url, seeds the demo, honours LIST_SHAPE and RATE_LIMIT, exits 0 on SIGTERM', async () => {
		const { child, firstLine, exited } = start({
			PORT: '0',
			SEED_DEMO: '1',
			LIST_SHAPE: 'array',
			RATE_LIMIT: '3',
		});
		const line = await firstLine;
		expect(line).toMatch(/^\{"url":"http:\/\/127\.0\.0\.1:\d+"\}$/);
		const { url } = JSON.parse(line) as { url: string };
		const list = await get(`${url}/v1/redirects`);
		expect(list.json.map((r: { host: string }) => r.host)).toEqual([
			'promo.example.com',
			'old-brand.example.com',
		]);
		expect((await get(`${url}/v1/redirects/promo.example.com/qr-codes`)).json).toHaveLength(2);
		expect((await get(`${url}/v1/me`)).status).toBe(200);
		expect((await get(`${url}/v1/me`)).status).toBe(429);
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
	});

	it('exits 0 on SIGINT and 1 on an invalid knob', async () => {
		const ok = start({ PORT: '0' });
		await ok.firstLine;
		ok.child.kill('SIGINT');
		expect(await ok.exited).toBe(0);
		const bad = start({ RATE_MODE: 'sometimes' });
		expect(await bad.exited).toBe(1);
	});
});
