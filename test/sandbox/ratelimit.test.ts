/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test only: timers */
// Contract tests: per-key rate limiting (sliding and fixed windows) with a truthful Retry-After.
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from './server.mjs';
import { admin, call, errorOf, until } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Each test has its own sandbox, so the (mostly waiting) tests run concurrently.
const started: Sandbox[] = [];
async function sandbox(options: SandboxOptions) {
	const sb = await startSandbox(options);
	started.push(sb);
	return sb;
}
afterAll(async () => {
	await Promise.all(started.map((sb) => sb.close()));
});

describe.concurrent('rate limit', () => {
	it('429 rate_limited after the limit, truthful Retry-After, rejected requests do not count, recovery', async () => {
		const sb = await sandbox({ rateLimit: 3, rateWindowMs: 1500 });
		for (let i = 0; i < 3; i++) expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		const limited = await call(sb, 'GET', '/v1/me');
		expect(limited.status).toBe(429);
		expect(errorOf(limited).code).toBe('rate_limited');
		const log = sb.requests();
		const expected = Math.max(1, Math.ceil((log[0].at + 1500 - log[3].at) / 1000));
		expect(limited.headers['retry-after']).toBe(String(expected));
		expect(expected).toBeGreaterThanOrEqual(1); // 2 unless the machine is very slow
		// other keys have their own budget; invalid and 403 keys are not limited and do not count
		expect((await call(sb, 'GET', '/v1/me', { key: 'key_other' })).status).toBe(200);
		for (let i = 0; i < 5; i++)
			expect((await call(sb, 'GET', '/v1/me', { key: 'key_noapi' })).status).toBe(403);
		// admin is never limited
		expect((await admin(sb, 'GET', 'requests')).status).toBe(200);
		// keep hammering: 429s do not count, so the first slot frees at first + window
		const recovered = await until(
			async () => {
				const r = await call(sb, 'GET', '/v1/me');
				return r.status === 200 && Date.now();
			},
			5000,
			50,
		);
		expect(recovered - log[0].at).toBeGreaterThanOrEqual(1500);
		expect(recovered - log[0].at).toBeLessThan(1500 + 1000);
	});

	it('limit applies to every endpoint, including unknown routes and errors', async () => {
		const sb = await sandbox({ rateLimit: 2, rateWindowMs: 60000 });
		expect((await call(sb, 'GET', '/v1/nowhere')).status).toBe(404);
		expect((await call(sb, 'POST', '/v1/redirects', { body: {} })).status).toBe(400);
		const r = await call(sb, 'GET', '/v1/me');
		expect(r.status).toBe(429);
		expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(59);
		expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
	});

	it('sliding: a slot frees when the oldest request leaves the trailing window', async () => {
		const sb = await sandbox({ rateLimit: 3, rateWindowMs: 1000, rateMode: 'sliding' });
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		await sleep(400);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		const limited = await call(sb, 'GET', '/v1/me');
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('1');
		await until(async () => (await call(sb, 'GET', '/v1/me')).status === 200, 3000, 10);
		// only one slot freed: the two later requests are still inside the window
		const again = await call(sb, 'GET', '/v1/me');
		expect(again.status).toBe(429);
	});

	it('fixed: the whole budget comes back at the window boundary', async () => {
		const sb = await sandbox({ rateLimit: 3, rateWindowMs: 1000, rateMode: 'fixed' });
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		await sleep(300);
		// use up the current window (a boundary may pass meanwhile: go on until the latest reply is 429)
		await until(async () => (await call(sb, 'GET', '/v1/me')).status === 429, 3000, 0);
		await until(async () => (await call(sb, 'GET', '/v1/me')).status === 200, 3000, 10);
		// right after the boundary the rest of the budget is available at once (a sliding window would refuse)
		const replies = [];
		for (let i = 0; i < 3; i++) replies.push(await call(sb, 'GET', '/v1/me'));
		expect(replies.map((r) => r.status)).toEqual([200, 200, 429]);
		// truthful: the next boundary is less than a window away
		expect(replies[2].headers['retry-after']).toBe('1');
	});

	it('POST /__admin/config changes the limit at run time and reset restores it', async () => {
		const sb = await sandbox({ rateLimit: 100, rateWindowMs: 60000 });
		expect((await admin(sb, 'POST', 'config', { rateLimit: 1 })).json).toMatchObject({
			rateLimit: 1,
		});
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(429);
		await admin(sb, 'POST', 'reset');
		for (let i = 0; i < 5; i++) expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		expect((await admin(sb, 'POST', 'config', { rateLimit: 0 })).status).toBe(400);
		expect((await admin(sb, 'POST', 'config', { nonsense: 1 })).status).toBe(400);
	});
});
