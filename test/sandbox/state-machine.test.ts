// Contract tests: the redirect state machine and the admin controls that force states and certificates.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './server.mjs';
import { DATE_TIME, admin, call, createRedirect, until } from './helpers';

const CERT_DELAY_MS = 300;
const DAY = 86400000;

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ certDelayMs: CERT_DELAY_MS });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
});

const getOne = async (host: string) => (await call(sb, 'GET', `/v1/redirects/${host}`)).json;
const report = async (host: string) => (await call(sb, 'GET', `/v1/redirects/${host}/status`)).json;

function expectIn90Days(value: string) {
	expect(value).toMatch(DATE_TIME);
	const ms = Date.parse(`${value}Z`);
	expect(Math.abs(ms - (Date.now() + 90 * DAY))).toBeLessThan(60000);
}

describe('state machine', () => {
	it('stays not_configured while DNS does not point', async () => {
		await createRedirect(sb, 'a.example.com');
		await admin(sb, 'POST', 'dns', { host: 'a.example.com', pointing: false });
		expect((await report('a.example.com')).status).toBe('not_configured');
		expect((await getOne('a.example.com')).status).toBe('not_configured');
	});

	it('not_configured -> pending via the status endpoint -> active after the certificate delay', async () => {
		await createRedirect(sb, 'a.example.com');
		const dns = await admin(sb, 'POST', 'dns', { host: 'a.example.com', pointing: true });
		expect(dns.json).toEqual({ host: 'a.example.com', pointing: true, resolved: ['203.0.113.10'] });
		const started = Date.now();
		const pending = await report('a.example.com');
		expect(pending).toMatchObject({
			status: 'pending',
			dns: { pointing: true, resolved: ['203.0.113.10'] },
			certificate: { expiresAt: null },
		});
		// not before the delay (generous margin: only checked when we are clearly early)
		const early = await report('a.example.com');
		if (Date.now() - started < CERT_DELAY_MS - 50) expect(early.status).toBe('pending');
		const active = await until(async () => {
			const r = await report('a.example.com');
			return r.status === 'active' && r;
		});
		expect(Date.now() - started).toBeGreaterThanOrEqual(CERT_DELAY_MS - 5);
		expectIn90Days(active.certificate.expiresAt);
		expect((await getOne('a.example.com')).certificateExpiresAt).toBe(active.certificate.expiresAt);
	});

	it('a read (GET one) checks DNS too', async () => {
		await createRedirect(sb, 'a.example.com');
		await admin(sb, 'POST', 'dns', { host: 'a.example.com', pointing: true });
		expect((await getOne('a.example.com')).status).toBe('pending');
		const active = await until(async () => {
			const r = await getOne('a.example.com');
			return r.status === 'active' && r;
		});
		expectIn90Days(active.certificateExpiresAt);
	});

	it('a read (GET list) checks DNS too', async () => {
		await createRedirect(sb, 'a.example.com');
		await admin(sb, 'POST', 'dns', { host: 'A.example.com', pointing: true });
		const list = async () => (await call(sb, 'GET', '/v1/redirects')).json.redirects[0];
		expect((await list()).status).toBe('pending');
		await until(async () => (await list()).status === 'active');
	});

	it('the admin state dump does not start issuance', async () => {
		await createRedirect(sb, 'a.example.com');
		await admin(sb, 'POST', 'dns', { host: 'a.example.com', pointing: true });
		expect((await admin(sb, 'GET', 'state?key=key_ok')).json.redirects[0].status).toBe(
			'not_configured',
		);
	});
});

describe('admin status and certificate', () => {
	it('forces disabled, error (with message), active, not_configured, pending', async () => {
		await createRedirect(sb, 'a.example.com');
		const disabled = await admin(sb, 'POST', 'status', {
			host: 'a.example.com',
			status: 'disabled',
		});
		expect(disabled.status).toBe(200);
		expect(await getOne('a.example.com')).toMatchObject({ status: 'disabled', errorMessage: null });

		await admin(sb, 'POST', 'status', {
			host: 'a.example.com',
			status: 'error',
			errorMessage: 'CAA record forbids issuance',
		});
		expect(await getOne('a.example.com')).toMatchObject({
			status: 'error',
			errorMessage: 'CAA record forbids issuance',
		});
		expect(await report('a.example.com')).toMatchObject({
			status: 'error',
			errorMessage: 'CAA record forbids issuance',
		});

		await admin(sb, 'POST', 'status', { host: 'a.example.com', status: 'active' });
		const active = await getOne('a.example.com');
		expect(active).toMatchObject({ status: 'active', errorMessage: null });
		expectIn90Days(active.certificateExpiresAt);

		await admin(sb, 'POST', 'status', { host: 'a.example.com', status: 'not_configured' });
		expect((await getOne('a.example.com')).status).toBe('not_configured');

		await admin(sb, 'POST', 'status', { host: 'a.example.com', status: 'pending' });
		expect((await getOne('a.example.com')).status).toBe('pending');
		await until(async () => (await getOne('a.example.com')).status === 'active');

		expect(
			(await admin(sb, 'POST', 'status', { host: 'a.example.com', status: 'weird' })).status,
		).toBe(400);
		expect(
			(await admin(sb, 'POST', 'status', { host: 'none.example.com', status: 'active' })).status,
		).toBe(404);
	});

	it('sets the certificate expiry (expiring soon, renewal, null)', async () => {
		await createRedirect(sb, 'a.example.com');
		await admin(sb, 'POST', 'status', { host: 'a.example.com', status: 'active' });
		await admin(sb, 'POST', 'certificate', {
			host: 'a.example.com',
			expiresAt: '2026-01-02T03:04:05',
		});
		expect((await getOne('a.example.com')).certificateExpiresAt).toBe('2026-01-02T03:04:05');
		expect((await report('a.example.com')).certificate).toEqual({
			expiresAt: '2026-01-02T03:04:05',
		});
		await admin(sb, 'POST', 'certificate', { host: 'a.example.com', expiresAt: null });
		expect((await getOne('a.example.com')).certificateExpiresAt).toBeNull();
		expect(
			(await admin(sb, 'POST', 'certificate', { host: 'a.example.com', expiresAt: 5 })).status,
		).toBe(400);
	});

	it('admin redirects creates for an account, with a status, bypassing the plan limit', async () => {
		const one = await admin(sb, 'POST', 'redirects', {
			key: 'key_small',
			host: 'x.example.com',
			status: 'error',
			errorMessage: 'boom',
		});
		expect(one.status).toBe(201);
		expect(one.json).toMatchObject({
			host: 'x.example.com',
			status: 'error',
			errorMessage: 'boom',
		});
		const bulk = await admin(sb, 'POST', 'redirects', { key: 'key_small', count: 3, prefix: 'b' });
		expect(bulk.json).toEqual({
			created: 3,
			hosts: ['b1.example.com', 'b2.example.com', 'b3.example.com'],
		});
		expect(
			(await call(sb, 'GET', '/v1/redirects', { key: 'key_small' })).json.redirects,
		).toHaveLength(4);
		expect(
			(await admin(sb, 'POST', 'redirects', { key: 'key_ok', host: 'x.example.com' })).status,
		).toBe(409);
		expect(
			(await admin(sb, 'POST', 'redirects', { key: 'key_nobody', host: 'y.example.com' })).status,
		).toBe(404);
	});

	it('reset returns to the seed', async () => {
		await createRedirect(sb, 'a.example.com');
		await call(sb, 'GET', '/v1/me');
		expect((await admin(sb, 'POST', 'reset')).status).toBe(200);
		expect((await admin(sb, 'GET', 'state?key=key_ok')).json).toEqual({
			account: {
				key: 'key_ok',
				state: 'ok',
				email: 'ops@example.com',
				plan: 'Pro',
				maxRedirects: 5,
			},
			redirects: [],
		});
		expect(sb.requests()).toEqual([]);
		// id counters start again
		await createRedirect(sb, 'a.example.com');
		expect(
			(
				await call(sb, 'POST', '/v1/redirects/a.example.com/paths', {
					body: { fromPath: '/p', redirectTo: '/x' },
				})
			).json.id,
		).toBe(1);
	});

	it('seeded redirects exist at start and after reset', async () => {
		const seeded = await startSandbox({
			seed: {
				redirects: [
					{
						key: 'key_ok',
						host: 'promo.example.com',
						redirectTo: 'https://www.example.org/',
						paths: [{ fromPath: '/spring', redirectTo: '/s' }],
						qrCodes: [{ label: 'domain' }, { label: 'spring', fromPath: '/spring' }],
					},
				],
			},
		});
		try {
			const check = async () => {
				const qr = (await call(seeded, 'GET', '/v1/redirects/promo.example.com/qr-codes')).json
					.qrCodes;
				expect(qr.map((q: { url: string }) => q.url)).toEqual([
					'https://promo.example.com/?_qr=1',
					'https://promo.example.com/spring?_qr=2',
				]);
			};
			await check();
			await call(seeded, 'DELETE', '/v1/redirects/promo.example.com');
			seeded.reset();
			await check();
		} finally {
			await seeded.close();
		}
	});
});
