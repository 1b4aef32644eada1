// Contract tests: fault injection (status, reset, delay; before or after acting; count and seeded
// probability) and the request log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type Sandbox } from './server.mjs';
import { admin, call, errorOf } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
});

const hosts = async () =>
	(await admin(sb, 'GET', 'state?key=key_ok')).json.redirects.map((r: { host: string }) => r.host);
const create = (host: string) =>
	call(sb, 'POST', '/v1/redirects', { body: { host, redirectTo: 'https://x.example.org' } });

describe('faults', () => {
	it('status: the next N matching requests fail without acting', async () => {
		const added = await admin(sb, 'POST', 'faults', { count: 2, status: 503, methods: ['POST'] });
		expect(added.status).toBe(200);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200); // method does not match
		const first = await create('a.example.com');
		expect(first.status).toBe(503);
		expect(errorOf(first).code).toBe('service_unavailable');
		expect(first.headers['retry-after']).toBeUndefined();
		expect((await create('a.example.com')).status).toBe(503);
		expect(await hosts()).toEqual([]);
		expect((await create('a.example.com')).status).toBe(201);
		const log = sb.requests();
		expect(log.map((e) => [e.status, e.fault])).toEqual([
			[200, undefined],
			[503, 'status:503'],
			[503, 'status:503'],
			[201, undefined],
		]);
	});

	it('status with after: the change is applied, the reply is lost', async () => {
		await admin(sb, 'POST', 'faults', { status: 500, after: true });
		const r = await create('a.example.com');
		expect(r.status).toBe(500);
		expect(errorOf(r).code).toBe('internal_error');
		expect(await hosts()).toEqual(['a.example.com']);
		expect(sb.requests()[0]).toMatchObject({ status: 500, fault: 'status:500:after' });
		// a retry now meets host_taken
		expect(errorOf(await create('a.example.com')).code).toBe('host_taken');
	});

	it('status 429 with retryAfter', async () => {
		await admin(sb, 'POST', 'faults', { status: 429, retryAfter: 7 });
		const r = await call(sb, 'GET', '/v1/me');
		expect(r.status).toBe(429);
		expect(errorOf(r).code).toBe('rate_limited');
		expect(r.headers['retry-after']).toBe('7');
	});

	it('reset: the connection drops without a reply, before acting', async () => {
		await admin(sb, 'POST', 'faults', { kind: 'reset', pathPrefix: '/v1/redirects' });
		await expect(create('a.example.com')).rejects.toThrow();
		expect(await hosts()).toEqual([]);
		expect(sb.requests()[0]).toMatchObject({ status: 'reset', fault: 'reset' });
		expect((await create('a.example.com')).status).toBe(201);
	});

	it('reset with after: acted, then the connection drops (lost response)', async () => {
		await admin(sb, 'POST', 'faults', { kind: 'reset', after: true });
		await expect(create('a.example.com')).rejects.toThrow();
		expect(await hosts()).toEqual(['a.example.com']);
		expect(sb.requests()[0]).toMatchObject({ status: 'reset', fault: 'reset:after' });
	});

	it('delay: the reply comes late, then normally; a client timeout fires', async () => {
		await admin(sb, 'POST', 'faults', { kind: 'delay', delayMs: 300 });
		const started = Date.now();
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(sb.requests()[0]).toMatchObject({ status: 200, fault: 'delay:300' });

		await admin(sb, 'POST', 'faults', { kind: 'delay', delayMs: 1000, count: 1 });
		await expect(
			request(`${sb.url}/v1/me`, {
				headers: { authorization: 'Bearer key_ok' },
				headersTimeout: 100,
			}),
		).rejects.toThrow(/timeout/i);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
	});

	it('faults come after auth and are not consumed by rejected keys; DELETE clears them', async () => {
		await admin(sb, 'POST', 'faults', { status: 503, count: 5 });
		expect((await call(sb, 'GET', '/v1/me', { key: 'key_nope' })).status).toBe(401);
		expect((await call(sb, 'GET', '/v1/me', { key: 'key_inactive' })).status).toBe(403);
		expect((await admin(sb, 'GET', 'faults')).json[0]).toMatchObject({ remaining: 5 });
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(503);
		expect((await admin(sb, 'DELETE', 'faults')).status).toBe(204);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
		// admin routes are never faulted
		await admin(sb, 'POST', 'faults', { status: 503, pathPrefix: '/' });
		expect((await admin(sb, 'GET', 'state?key=key_ok')).status).toBe(200);
	});

	it('faulted requests count for the rate limit', async () => {
		const limited = await startSandbox({ rateLimit: 2, rateWindowMs: 60000 });
		try {
			await admin(limited, 'POST', 'faults', { status: 503 });
			expect((await call(limited, 'GET', '/v1/me')).status).toBe(503);
			expect((await call(limited, 'GET', '/v1/me')).status).toBe(200);
			expect((await call(limited, 'GET', '/v1/me')).status).toBe(429);
		} finally {
			await limited.close();
		}
	});

	it('probability with a seeded PRNG is deterministic', async () => {
		const run = async (seed: number) => {
			const s = await startSandbox({ randomSeed: seed });
			try {
				await admin(s, 'POST', 'faults', { status: 502, probability: 0.5 });
				const statuses: number[] = [];
				for (let i = 0; i < 30; i++) statuses.push((await call(s, 'GET', '/v1/me')).status);
				return statuses;
			} finally {
				await s.close();
			}
		};
		const a = await run(7);
		expect(a).toEqual(await run(7));
		expect(a).toContain(502);
		expect(a).toContain(200);
		expect(new Set(a)).toEqual(new Set([200, 502]));
		expect(a).not.toEqual(await run(8));
		// probability without count stays until cleared; invalid rules are rejected
		expect((await admin(sb, 'POST', 'faults', { probability: 2, status: 503 })).status).toBe(400);
		expect((await admin(sb, 'POST', 'faults', { kind: 'explode' })).status).toBe(400);
		expect((await admin(sb, 'POST', 'faults', { kind: 'delay' })).status).toBe(400);
	});
});

describe('request log', () => {
	it('records method, path, query, auth, account and status, never the key; admin calls are not logged', async () => {
		const stranger = 'unknown-key-do-not-log';
		await call(sb, 'GET', '/v1/redirects?limit=5&x=y');
		await call(sb, 'GET', '/v1/me', { key: stranger });
		await call(sb, 'GET', '/v1/me', { key: null });
		await call(sb, 'GET', '/v1/me', { key: 'key_noapi' });
		await admin(sb, 'GET', 'state?key=key_ok');
		const log = sb.requests();
		expect(log).toEqual([
			{
				at: expect.any(Number),
				method: 'GET',
				path: '/v1/redirects',
				query: { limit: '5', x: 'y' },
				auth: true,
				account: 'ops@example.com',
				status: 200,
			},
			{
				at: expect.any(Number),
				method: 'GET',
				path: '/v1/me',
				query: {},
				auth: true,
				account: null,
				status: 401,
			},
			{
				at: expect.any(Number),
				method: 'GET',
				path: '/v1/me',
				query: {},
				auth: false,
				account: null,
				status: 401,
			},
			{
				at: expect.any(Number),
				method: 'GET',
				path: '/v1/me',
				query: {},
				auth: true,
				account: 'noapi@example.com',
				status: 403,
			},
		]);
		const text = JSON.stringify(log) + (await admin(sb, 'GET', 'requests')).text;
		for (const key of [stranger, 'key_ok', 'key_noapi', 'Bearer']) expect(text).not.toContain(key);
		expect((await admin(sb, 'GET', 'requests')).json).toEqual(log);
		// a copy: mutating it does not change the log
		log.pop();
		expect(sb.requests()).toHaveLength(4);
		expect((await admin(sb, 'DELETE', 'requests')).status).toBe(204);
		expect(sb.requests()).toEqual([]);
		await call(sb, 'GET', '/v1/me');
		sb.clearRequests();
		expect(sb.requests()).toEqual([]);
	});
});
