// Contract tests: every endpoint with its exact success status and body shape, in all list shapes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type ListShape, type Sandbox } from './server.mjs';
import { DATE_TIME, admin, call, createRedirect } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ certDelayMs: 50 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
});

describe('account', () => {
	it('GET /v1/me returns the account', async () => {
		const r = await call(sb, 'GET', '/v1/me');
		expect(r.status).toBe(200);
		expect(r.headers['content-type']).toMatch(/^application\/json/);
		expect(r.json).toEqual({ email: 'ops@example.com', plan: 'Pro', maxRedirects: 5 });
		expect((await call(sb, 'GET', '/v1/me', { key: 'key_small' })).json).toMatchObject({
			plan: 'Starter',
			maxRedirects: 1,
		});
	});
});

describe('redirects', () => {
	it('POST creates with defaults and the exact object shape', async () => {
		const r = await call(sb, 'POST', '/v1/redirects', {
			body: { host: 'Promo.Example.com', redirectTo: 'https://www.example.org/sale' },
		});
		expect(r.status).toBe(201);
		expect(r.json).toEqual({
			host: 'promo.example.com',
			redirectTo: 'https://www.example.org/sale',
			redirectType: 301,
			followPath: true,
			followQueryString: true,
			status: 'not_configured',
			dns: { type: 'A', name: 'promo.example.com', value: '203.0.113.10' },
			certificateExpiresAt: null,
			errorMessage: null,
			createdAt: expect.stringMatching(DATE_TIME),
		});
		const created = Date.parse(`${r.json.createdAt}Z`);
		expect(Math.abs(created - Date.now())).toBeLessThan(5000); // UTC
	});

	it('POST honours optional fields', async () => {
		const r = await call(sb, 'POST', '/v1/redirects', {
			body: {
				host: 'a.example.com',
				redirectTo: 'http://b.example.com',
				redirectType: 302,
				followPath: false,
				followQueryString: false,
			},
		});
		expect(r.status).toBe(201);
		expect(r.json).toMatchObject({
			redirectType: 302,
			followPath: false,
			followQueryString: false,
		});
	});

	it('GET one, PATCH (incl. empty body), DELETE', async () => {
		await createRedirect(sb, 'a.example.com');
		const one = await call(sb, 'GET', '/v1/redirects/a.example.com');
		expect(one.status).toBe(200);
		expect(one.json.host).toBe('a.example.com');
		expect((await call(sb, 'GET', '/v1/redirects/A.EXAMPLE.COM')).status).toBe(200);

		const patched = await call(sb, 'PATCH', '/v1/redirects/a.example.com', {
			body: {
				redirectTo: 'https://new.example.net/',
				redirectType: 302,
				followPath: false,
				followQueryString: false,
			},
		});
		expect(patched.status).toBe(200);
		expect(patched.json).toMatchObject({
			host: 'a.example.com',
			redirectTo: 'https://new.example.net/',
			redirectType: 302,
			followPath: false,
			followQueryString: false,
		});
		const empty = await call(sb, 'PATCH', '/v1/redirects/a.example.com', { body: {} });
		expect(empty.status).toBe(200);
		expect(empty.json).toEqual(patched.json);

		const del = await call(sb, 'DELETE', '/v1/redirects/a.example.com');
		expect(del.status).toBe(204);
		expect(del.text).toBe('');
		expect((await call(sb, 'GET', '/v1/redirects/a.example.com')).status).toBe(404);
	});

	it('GET status returns the report', async () => {
		await createRedirect(sb, 'a.example.com');
		const r = await call(sb, 'GET', '/v1/redirects/a.example.com/status');
		expect(r.status).toBe(200);
		expect(r.json).toEqual({
			host: 'a.example.com',
			status: 'not_configured',
			dns: {
				expected: { type: 'A', name: 'a.example.com', value: '203.0.113.10' },
				resolved: [],
				pointing: false,
			},
			certificate: { expiresAt: null },
			errorMessage: null,
		});
		await admin(sb, 'POST', 'dns', { host: 'a.example.com', pointing: false });
		const elsewhere = await call(sb, 'GET', '/v1/redirects/a.example.com/status');
		expect(elsewhere.json.dns).toMatchObject({ resolved: ['198.51.100.7'], pointing: false });
	});
});

describe('paths', () => {
	it('POST, GET list, PATCH, DELETE', async () => {
		await createRedirect(sb, 'a.example.com');
		const p = await call(sb, 'POST', '/v1/redirects/a.example.com/paths', {
			body: { fromPath: 'spring', redirectTo: 'sale' },
		});
		expect(p.status).toBe(201);
		expect(p.json).toEqual({
			id: expect.any(Number),
			fromPath: '/spring',
			redirectTo: '/sale',
			absolute: false,
			statusCode: 301,
			createdAt: expect.stringMatching(DATE_TIME),
		});
		const abs = await call(sb, 'POST', '/v1/redirects/a.example.com/paths', {
			body: {
				fromPath: '/Partner',
				redirectTo: 'https://partner.example.net/',
				absolute: true,
				statusCode: 308,
			},
		});
		expect(abs.status).toBe(201);
		expect(abs.json).toMatchObject({
			fromPath: '/Partner',
			redirectTo: 'https://partner.example.net/',
			absolute: true,
			statusCode: 308,
		});
		expect(abs.json.id).not.toBe(p.json.id);

		const patched = await call(sb, 'PATCH', `/v1/redirects/a.example.com/paths/${p.json.id}`, {
			body: { fromPath: '/summer', statusCode: 307 },
		});
		expect(patched.status).toBe(200);
		expect(patched.json).toMatchObject({
			id: p.json.id,
			fromPath: '/summer',
			redirectTo: '/sale',
			statusCode: 307,
		});
		const toAbs = await call(sb, 'PATCH', `/v1/redirects/a.example.com/paths/${p.json.id}`, {
			body: { absolute: true, redirectTo: 'https://x.example.net/' },
		});
		expect(toAbs.json).toMatchObject({ absolute: true, redirectTo: 'https://x.example.net/' });

		const listed = await call(sb, 'GET', '/v1/redirects/a.example.com/paths');
		expect(listed.status).toBe(200);
		expect(listed.json).toEqual({ paths: [toAbs.json, abs.json] });

		expect(
			(await call(sb, 'DELETE', `/v1/redirects/a.example.com/paths/${p.json.id}`)).status,
		).toBe(204);
		expect((await call(sb, 'GET', '/v1/redirects/a.example.com/paths')).json.paths).toHaveLength(1);
	});
});

describe('QR codes', () => {
	it('POST (domain and path), GET list, PATCH, DELETE', async () => {
		await createRedirect(sb, 'promo.example.com');
		const path = (
			await call(sb, 'POST', '/v1/redirects/promo.example.com/paths', {
				body: { fromPath: '/spring', redirectTo: '/s' },
			})
		).json;
		const q = await call(sb, 'POST', '/v1/redirects/promo.example.com/qr-codes', {
			body: { label: 'Poster' },
		});
		expect(q.status).toBe(201);
		const id = q.json.id;
		expect(q.json).toEqual({
			id: expect.any(Number),
			label: 'Poster',
			pathId: null,
			color: '#0A0E14',
			format: 'png',
			url: `https://promo.example.com/?_qr=${id}`,
			imageUrl: `/v1/redirects/promo.example.com/qr-codes/${id}/image`,
			createdAt: expect.stringMatching(DATE_TIME),
		});
		const q2 = await call(sb, 'POST', '/v1/redirects/promo.example.com/qr-codes', {
			body: { label: 'Flyer', pathId: path.id, color: '#FF0000', format: 'pdf' },
		});
		expect(q2.status).toBe(201);
		expect(q2.json).toMatchObject({
			pathId: path.id,
			color: '#FF0000',
			format: 'pdf',
			url: `https://promo.example.com/spring?_qr=${q2.json.id}`,
		});

		const toPath = await call(sb, 'PATCH', `/v1/redirects/promo.example.com/qr-codes/${id}`, {
			body: { pathId: path.id, label: 'Poster 2', format: 'svg', color: '#00ff00' },
		});
		expect(toPath.status).toBe(200);
		expect(toPath.json).toMatchObject({
			label: 'Poster 2',
			pathId: path.id,
			format: 'svg',
			color: '#00ff00',
			url: `https://promo.example.com/spring?_qr=${id}`,
		});
		const back = await call(sb, 'PATCH', `/v1/redirects/promo.example.com/qr-codes/${id}`, {
			body: { pathId: null },
		});
		expect(back.json).toMatchObject({ pathId: null, url: `https://promo.example.com/?_qr=${id}` });

		const listed = await call(sb, 'GET', '/v1/redirects/promo.example.com/qr-codes');
		expect(listed.json).toEqual({ qrCodes: [back.json, q2.json] });
		expect(
			(await call(sb, 'DELETE', `/v1/redirects/promo.example.com/qr-codes/${id}`)).status,
		).toBe(204);
		expect(
			(await call(sb, 'GET', '/v1/redirects/promo.example.com/qr-codes')).json.qrCodes,
		).toEqual([q2.json]);
	});

	it('url follows a renamed path', async () => {
		await createRedirect(sb, 'promo.example.com');
		const path = (
			await call(sb, 'POST', '/v1/redirects/promo.example.com/paths', {
				body: { fromPath: '/a', redirectTo: '/s' },
			})
		).json;
		const q = (
			await call(sb, 'POST', '/v1/redirects/promo.example.com/qr-codes', {
				body: { label: 'x', pathId: path.id },
			})
		).json;
		await call(sb, 'PATCH', `/v1/redirects/promo.example.com/paths/${path.id}`, {
			body: { fromPath: '/b' },
		});
		const listed = (await call(sb, 'GET', '/v1/redirects/promo.example.com/qr-codes')).json.qrCodes;
		expect(listed[0].url).toBe(`https://promo.example.com/b?_qr=${q.id}`);
	});
});

describe('list shapes', () => {
	const shapes: Array<[ListShape, (name: string, items: unknown[]) => unknown]> = [
		[
			'wrapped',
			(name, items) =>
				name === 'redirects' ? { redirects: items, maxRedirects: 5 } : { [name]: items },
		],
		['array', (_name, items) => items],
		[
			'data',
			(name, items) => (name === 'redirects' ? { data: items, maxRedirects: 5 } : { data: items }),
		],
	];
	for (const [shape, expected] of shapes) {
		it(`${shape}: redirects, paths and QR code lists`, async () => {
			sb.configure({ listShape: shape });
			const redirect = await createRedirect(sb, 'a.example.com');
			const path = (
				await call(sb, 'POST', '/v1/redirects/a.example.com/paths', {
					body: { fromPath: '/p', redirectTo: '/q' },
				})
			).json;
			const qr = (
				await call(sb, 'POST', '/v1/redirects/a.example.com/qr-codes', { body: { label: 'L' } })
			).json;
			expect((await call(sb, 'GET', '/v1/redirects')).json).toEqual(
				expected('redirects', [redirect]),
			);
			expect((await call(sb, 'GET', '/v1/redirects/a.example.com/paths')).json).toEqual(
				expected('paths', [path]),
			);
			expect((await call(sb, 'GET', '/v1/redirects/a.example.com/qr-codes')).json).toEqual(
				expected('qrCodes', [qr]),
			);
			const empty = await call(sb, 'GET', '/v1/redirects', { key: 'key_other' });
			expect(empty.json).toEqual(expected('redirects', []));
		});
	}

	it('the listShape option and POST /__admin/config select the shape', async () => {
		const arraySb = await startSandbox({ listShape: 'array' });
		try {
			expect((await call(arraySb, 'GET', '/v1/redirects')).json).toEqual([]);
			expect((await admin(arraySb, 'POST', 'config', { listShape: 'data' })).status).toBe(200);
			expect((await call(arraySb, 'GET', '/v1/redirects')).json).toEqual({
				data: [],
				maxRedirects: 5,
			});
			expect((await admin(arraySb, 'POST', 'config', { listShape: 'nope' })).status).toBe(400);
			await admin(arraySb, 'POST', 'reset');
			expect((await call(arraySb, 'GET', '/v1/redirects')).json).toEqual([]);
		} finally {
			await arraySb.close();
		}
	});
});
