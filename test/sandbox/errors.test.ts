// Contract tests: every error code of the spec's error table in its situation, isolation, cascades,
// and bad input that must never crash the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './server.mjs';
import { admin, call, createRedirect, errorOf } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({
		seed: {
			accounts: [{ key: 'key_big', email: 'big@example.com', plan: 'Scale', maxRedirects: 600 }],
		},
	});
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset();
});

async function expectError(
	promise: ReturnType<typeof call>,
	status: number,
	code: string,
	field?: string,
) {
	const r = await promise;
	expect(r.status, r.text).toBe(status);
	expect(r.headers['content-type']).toMatch(/^application\/json/);
	expect(r.json).toEqual({ error: { code, message: expect.any(String) } });
	if (field) expect(errorOf(r).message).toContain(field);
	return r;
}

describe('401 / 403', () => {
	it('401 invalid_api_key: missing, wrong, revoked, bad scheme or format', async () => {
		await expectError(call(sb, 'GET', '/v1/me', { key: null }), 401, 'invalid_api_key');
		await expectError(call(sb, 'GET', '/v1/me', { key: 'key_nope' }), 401, 'invalid_api_key');
		await expectError(call(sb, 'GET', '/v1/me', { key: 'key_revoked' }), 401, 'invalid_api_key');
		for (const header of [
			'Basic key_ok',
			'key_ok',
			'Bearer',
			'Bearer key_ok extra',
			'Token key_ok',
			'Bearer  key_ok',
		]) {
			await expectError(
				call(sb, 'GET', '/v1/me', { key: null, headers: { authorization: header } }),
				401,
				'invalid_api_key',
			);
		}
		expect(
			(await call(sb, 'GET', '/v1/me', { key: null, headers: { authorization: 'bearer key_ok' } }))
				.status,
		).toBe(200);
	});

	it('403 api_not_enabled and account_inactive', async () => {
		await expectError(call(sb, 'GET', '/v1/me', { key: 'key_noapi' }), 403, 'api_not_enabled');
		await expectError(
			call(sb, 'GET', '/v1/redirects', { key: 'key_inactive' }),
			403,
			'account_inactive',
		);
	});

	it('auth comes before routing and validation', async () => {
		await expectError(call(sb, 'GET', '/v1/nowhere', { key: null }), 401, 'invalid_api_key');
		await expectError(
			call(sb, 'POST', '/v1/redirects', { key: 'key_noapi', body: {} }),
			403,
			'api_not_enabled',
		);
	});

	it('error messages never contain the key', async () => {
		const stranger = 'unknown-key-7f3a9c';
		const r = await call(sb, 'GET', '/v1/me', { key: stranger });
		expect(r.text).not.toContain(stranger);
		const revoked = await call(sb, 'GET', '/v1/me', { key: 'key_revoked' });
		expect(revoked.text).not.toContain('key_revoked');
	});
});

describe('400 validation_error names the field', () => {
	it('redirect create', async () => {
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: '', redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 42, redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 'localhost', redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 'https://a.example.com', redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 'a.example.com/path', redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 'a b.example.com', redirectTo: 'https://x.example.org' }, 'host'],
			[{ host: 'a.example.com' }, 'redirectTo'],
			[{ host: 'a.example.com', redirectTo: 'x.example.org' }, 'redirectTo'],
			[{ host: 'a.example.com', redirectTo: 'ftp://x.example.org' }, 'redirectTo'],
			[{ host: 'a.example.com', redirectTo: 'https://' }, 'redirectTo'],
			[{ host: 'a.example.com', redirectTo: 'https://A.example.com/x' }, 'redirectTo'],
			[
				{ host: 'a.example.com', redirectTo: 'https://x.example.org', redirectType: 307 },
				'redirectType',
			],
			[
				{ host: 'a.example.com', redirectTo: 'https://x.example.org', redirectType: '301' },
				'redirectType',
			],
			[
				{ host: 'a.example.com', redirectTo: 'https://x.example.org', followPath: 'yes' },
				'followPath',
			],
			[
				{ host: 'a.example.com', redirectTo: 'https://x.example.org', followQueryString: 1 },
				'followQueryString',
			],
		];
		for (const [body, field] of cases) {
			await expectError(
				call(sb, 'POST', '/v1/redirects', { body }),
				400,
				'validation_error',
				field,
			);
		}
		const msg = errorOf(
			await call(sb, 'POST', '/v1/redirects', { body: { host: 'a.example.com', redirectTo: 'x' } }),
		).message;
		expect(msg).toBe('redirectTo must be a full URL starting with http:// or https://');
		expect(
			(await call(sb, 'GET', '/__admin/state?key=key_ok', { key: null })).json.redirects,
		).toEqual([]);
	});

	it('redirect patch (host cannot be changed)', async () => {
		await createRedirect(sb, 'a.example.com');
		const url = '/v1/redirects/a.example.com';
		await expectError(
			call(sb, 'PATCH', url, { body: { host: 'b.example.com' } }),
			400,
			'validation_error',
			'host',
		);
		await expectError(
			call(sb, 'PATCH', url, { body: { redirectTo: 'nope' } }),
			400,
			'validation_error',
			'redirectTo',
		);
		await expectError(
			call(sb, 'PATCH', url, { body: { redirectTo: null } }),
			400,
			'validation_error',
			'redirectTo',
		);
		await expectError(
			call(sb, 'PATCH', url, { body: { redirectType: 308 } }),
			400,
			'validation_error',
			'redirectType',
		);
		await expectError(
			call(sb, 'PATCH', url, { body: { followPath: null } }),
			400,
			'validation_error',
			'followPath',
		);
		await expectError(
			call(sb, 'PATCH', url, { body: { followQueryString: 'false' } }),
			400,
			'validation_error',
			'followQueryString',
		);
		expect((await call(sb, 'GET', url)).json.redirectTo).toBe('https://dest.example.org/x');
	});

	it('paths', async () => {
		await createRedirect(sb, 'a.example.com');
		const url = '/v1/redirects/a.example.com/paths';
		const cases: Array<[Record<string, unknown>, string]> = [
			[{ redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: '', redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: '/a b', redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: '/a?b', redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: '/a#b', redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: 7, redirectTo: '/x' }, 'fromPath'],
			[{ fromPath: '/a' }, 'redirectTo'],
			[{ fromPath: '/a', redirectTo: '/x', absolute: true }, 'redirectTo'],
			[{ fromPath: '/a', redirectTo: 'https://x.example.org/' }, 'redirectTo'],
			[{ fromPath: '/a', redirectTo: '/x', absolute: 'no' }, 'absolute'],
			[{ fromPath: '/a', redirectTo: '/x', statusCode: 303 }, 'statusCode'],
		];
		for (const [body, field] of cases) {
			await expectError(call(sb, 'POST', url, { body }), 400, 'validation_error', field);
		}
		const p = (await call(sb, 'POST', url, { body: { fromPath: '/a', redirectTo: '/x' } })).json;
		await expectError(
			call(sb, 'PATCH', `${url}/${p.id}`, { body: { absolute: true } }),
			400,
			'validation_error',
			'redirectTo',
		);
		await expectError(
			call(sb, 'PATCH', `${url}/${p.id}`, { body: { statusCode: 300 } }),
			400,
			'validation_error',
			'statusCode',
		);
		await expectError(
			call(sb, 'PATCH', `${url}/${p.id}`, { body: { fromPath: '/x y' } }),
			400,
			'validation_error',
			'fromPath',
		);
	});

	it('QR codes', async () => {
		await createRedirect(sb, 'a.example.com');
		await createRedirect(sb, 'b.example.com');
		const foreignPath = (
			await call(sb, 'POST', '/v1/redirects/b.example.com/paths', {
				body: { fromPath: '/f', redirectTo: '/x' },
			})
		).json;
		const url = '/v1/redirects/a.example.com/qr-codes';
		const cases: Array<[Record<string, unknown>, string]> = [
			[{}, 'label'],
			[{ label: '' }, 'label'],
			[{ label: 5 }, 'label'],
			[{ label: 'x', pathId: 99999 }, 'pathId'],
			[{ label: 'x', pathId: foreignPath.id }, 'pathId'],
			[{ label: 'x', pathId: '1' }, 'pathId'],
			[{ label: 'x', color: 'red' }, 'color'],
			[{ label: 'x', color: '#12345' }, 'color'],
			[{ label: 'x', format: 'jpg' }, 'format'],
		];
		for (const [body, field] of cases) {
			await expectError(call(sb, 'POST', url, { body }), 400, 'validation_error', field);
		}
		const q = (await call(sb, 'POST', url, { body: { label: 'ok' } })).json;
		await expectError(
			call(sb, 'PATCH', `${url}/${q.id}`, { body: { label: '' } }),
			400,
			'validation_error',
			'label',
		);
		await expectError(
			call(sb, 'PATCH', `${url}/${q.id}`, { body: { pathId: 12345 } }),
			400,
			'validation_error',
			'pathId',
		);
		await expectError(
			call(sb, 'PATCH', `${url}/${q.id}`, { body: { color: '#GGGGGG' } }),
			400,
			'validation_error',
			'color',
		);
		for (const query of [
			'format=pdf',
			'format=jpg',
			'size=63',
			'size=2049',
			'size=100.5',
			'size=abc',
			'size=',
		]) {
			const field = query.split('=')[0];
			await expectError(
				call(sb, 'GET', `${url}/${q.id}/image?${query}`),
				400,
				'validation_error',
				field,
			);
		}
	});
});

describe('404 not_found and isolation', () => {
	it('unknown resources', async () => {
		await expectError(call(sb, 'GET', '/v1/redirects/none.example.com'), 404, 'not_found');
		await expectError(call(sb, 'GET', '/v1/redirects/none.example.com/status'), 404, 'not_found');
		await expectError(call(sb, 'GET', '/v1/redirects/none.example.com/paths'), 404, 'not_found');
		await createRedirect(sb, 'a.example.com');
		await expectError(
			call(sb, 'PATCH', '/v1/redirects/a.example.com/paths/999', { body: {} }),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'DELETE', '/v1/redirects/a.example.com/paths/abc'),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'DELETE', '/v1/redirects/a.example.com/qr-codes/999'),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'GET', '/v1/redirects/a.example.com/qr-codes/1x/image'),
			404,
			'not_found',
		);
		await expectError(call(sb, 'GET', '/v1/nothing'), 404, 'not_found');
		await expectError(call(sb, 'GET', '/'), 404, 'not_found');
	});

	it("another account's redirect, paths and QR codes do not exist for the caller", async () => {
		await createRedirect(sb, 'mine.example.com');
		const p = (
			await call(sb, 'POST', '/v1/redirects/mine.example.com/paths', {
				body: { fromPath: '/p', redirectTo: '/x' },
			})
		).json;
		const q = (
			await call(sb, 'POST', '/v1/redirects/mine.example.com/qr-codes', { body: { label: 'q' } })
		).json;
		const other = { key: 'key_other' };
		const base = '/v1/redirects/mine.example.com';
		await expectError(call(sb, 'GET', base, other), 404, 'not_found');
		await expectError(
			call(sb, 'PATCH', base, { ...other, body: { followPath: false } }),
			404,
			'not_found',
		);
		await expectError(call(sb, 'DELETE', base, other), 404, 'not_found');
		await expectError(call(sb, 'GET', `${base}/status`, other), 404, 'not_found');
		await expectError(call(sb, 'GET', `${base}/paths`, other), 404, 'not_found');
		await expectError(
			call(sb, 'POST', `${base}/paths`, { ...other, body: { fromPath: '/z', redirectTo: '/x' } }),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'PATCH', `${base}/paths/${p.id}`, { ...other, body: {} }),
			404,
			'not_found',
		);
		await expectError(call(sb, 'DELETE', `${base}/paths/${p.id}`, other), 404, 'not_found');
		await expectError(call(sb, 'GET', `${base}/qr-codes`, other), 404, 'not_found');
		await expectError(
			call(sb, 'POST', `${base}/qr-codes`, { ...other, body: { label: 'x' } }),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'PATCH', `${base}/qr-codes/${q.id}`, { ...other, body: {} }),
			404,
			'not_found',
		);
		await expectError(call(sb, 'DELETE', `${base}/qr-codes/${q.id}`, other), 404, 'not_found');
		await expectError(call(sb, 'GET', `${base}/qr-codes/${q.id}/image`, other), 404, 'not_found');
		expect((await call(sb, 'GET', '/v1/redirects', other)).json.redirects).toEqual([]);
		// ids of another redirect of the same account are 404 as well
		await createRedirect(sb, 'second.example.com');
		await expectError(
			call(sb, 'DELETE', `/v1/redirects/second.example.com/paths/${p.id}`),
			404,
			'not_found',
		);
		await expectError(
			call(sb, 'DELETE', `/v1/redirects/second.example.com/qr-codes/${q.id}`),
			404,
			'not_found',
		);
		// nothing was touched
		const state = (await admin(sb, 'GET', 'state?key=key_ok')).json;
		expect(state.redirects[0]).toMatchObject({
			host: 'mine.example.com',
			paths: [p],
			qrCodes: [q],
		});
	});
});

describe('409 conflicts', () => {
	it('host_taken, also across accounts and case-insensitively', async () => {
		await createRedirect(sb, 'a.example.com');
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				body: { host: 'a.example.com', redirectTo: 'https://x.example.org' },
			}),
			409,
			'host_taken',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				key: 'key_other',
				body: { host: 'A.Example.COM', redirectTo: 'https://x.example.org' },
			}),
			409,
			'host_taken',
		);
	});

	it('plan_limit_reached', async () => {
		await createRedirect(sb, 'one.example.com', {}, 'key_small');
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				key: 'key_small',
				body: { host: 'two.example.com', redirectTo: 'https://x.example.org' },
			}),
			409,
			'plan_limit_reached',
		);
		for (let i = 0; i < 5; i++) await createRedirect(sb, `r${i}.example.com`);
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				body: { host: 'r6.example.com', redirectTo: 'https://x.example.org' },
			}),
			409,
			'plan_limit_reached',
		);
		expect((await call(sb, 'DELETE', '/v1/redirects/r0.example.com')).status).toBe(204);
		await createRedirect(sb, 'r6.example.com');
	});

	it('a seeded big account and admin bulk creation bypass nothing for the API', async () => {
		expect(
			(await admin(sb, 'POST', 'redirects', { key: 'key_big', count: 599, prefix: 'scale-' })).json
				.created,
		).toBe(599);
		const list = await call(sb, 'GET', '/v1/redirects', { key: 'key_big' });
		expect(list.json.redirects).toHaveLength(599);
		expect(list.json.maxRedirects).toBe(600);
		await createRedirect(sb, 'last.example.com', {}, 'key_big');
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				key: 'key_big',
				body: { host: 'over.example.com', redirectTo: 'https://x.example.org' },
			}),
			409,
			'plan_limit_reached',
		);
	});

	it('path_exists, case-insensitive, on create and on rename', async () => {
		await createRedirect(sb, 'a.example.com');
		const url = '/v1/redirects/a.example.com/paths';
		await call(sb, 'POST', url, { body: { fromPath: '/Promo', redirectTo: '/x' } });
		await expectError(
			call(sb, 'POST', url, { body: { fromPath: '/promo', redirectTo: '/y' } }),
			409,
			'path_exists',
		);
		await expectError(
			call(sb, 'POST', url, { body: { fromPath: 'PROMO', redirectTo: '/y' } }),
			409,
			'path_exists',
		);
		const other = (await call(sb, 'POST', url, { body: { fromPath: '/other', redirectTo: '/y' } }))
			.json;
		await expectError(
			call(sb, 'PATCH', `${url}/${other.id}`, { body: { fromPath: '/PROMO' } }),
			409,
			'path_exists',
		);
		expect(
			(await call(sb, 'PATCH', `${url}/${other.id}`, { body: { fromPath: '/OTHER' } })).status,
		).toBe(200);
		// the same path on another redirect is fine
		await createRedirect(sb, 'b.example.com');
		expect(
			(
				await call(sb, 'POST', '/v1/redirects/b.example.com/paths', {
					body: { fromPath: '/promo', redirectTo: '/y' },
				})
			).status,
		).toBe(201);
	});
});

describe('cascades', () => {
	it('deleting a redirect deletes its paths and QR codes', async () => {
		await createRedirect(sb, 'a.example.com');
		const p = (
			await call(sb, 'POST', '/v1/redirects/a.example.com/paths', {
				body: { fromPath: '/p', redirectTo: '/x' },
			})
		).json;
		await call(sb, 'POST', '/v1/redirects/a.example.com/qr-codes', {
			body: { label: 'q', pathId: p.id },
		});
		expect((await call(sb, 'DELETE', '/v1/redirects/a.example.com')).status).toBe(204);
		await createRedirect(sb, 'a.example.com');
		expect((await call(sb, 'GET', '/v1/redirects/a.example.com/paths')).json.paths).toEqual([]);
		expect((await call(sb, 'GET', '/v1/redirects/a.example.com/qr-codes')).json.qrCodes).toEqual(
			[],
		);
		// the host is free again, also for another account
		await call(sb, 'DELETE', '/v1/redirects/a.example.com');
		await createRedirect(sb, 'a.example.com', {}, 'key_other');
	});

	it('deleting a path deletes the QR codes pointing to it, not the others', async () => {
		await createRedirect(sb, 'a.example.com');
		const base = '/v1/redirects/a.example.com';
		const p = (
			await call(sb, 'POST', `${base}/paths`, { body: { fromPath: '/p', redirectTo: '/x' } })
		).json;
		const keep = (
			await call(sb, 'POST', `${base}/paths`, { body: { fromPath: '/k', redirectTo: '/x' } })
		).json;
		await call(sb, 'POST', `${base}/qr-codes`, { body: { label: 'on p', pathId: p.id } });
		const onKeep = (
			await call(sb, 'POST', `${base}/qr-codes`, { body: { label: 'on k', pathId: keep.id } })
		).json;
		const onDomain = (await call(sb, 'POST', `${base}/qr-codes`, { body: { label: 'domain' } }))
			.json;
		expect((await call(sb, 'DELETE', `${base}/paths/${p.id}`)).status).toBe(204);
		expect((await call(sb, 'GET', `${base}/qr-codes`)).json.qrCodes).toEqual([onKeep, onDomain]);
	});
});

describe('405, bad bodies and robustness', () => {
	it('405 method_not_allowed with Allow', async () => {
		const r = await expectError(call(sb, 'PUT', '/v1/redirects'), 405, 'method_not_allowed');
		expect(r.headers.allow).toBe('GET, POST');
		await expectError(call(sb, 'DELETE', '/v1/me'), 405, 'method_not_allowed');
	});

	it('malformed JSON, non-object JSON, wrong Content-Type, huge body; the server keeps serving', async () => {
		const json = { 'content-type': 'application/json' };
		await expectError(
			call(sb, 'POST', '/v1/redirects', { raw: '{"host": ', headers: json }),
			400,
			'validation_error',
			'JSON',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', { raw: '[1,2]', headers: json }),
			400,
			'validation_error',
			'object',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', { raw: 'null', headers: json }),
			400,
			'validation_error',
			'object',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				raw: 'host=a.example.com',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
			}),
			400,
			'validation_error',
			'Content-Type',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', { raw: '{"host":"a.example.com"}' }),
			400,
			'validation_error',
			'Content-Type',
		);
		const huge = JSON.stringify({
			host: 'a.example.com',
			redirectTo: 'https://x.example.org',
			pad: 'x'.repeat(2 * 1024 * 1024),
		});
		await expectError(
			call(sb, 'POST', '/v1/redirects', { raw: huge, headers: json }),
			413,
			'payload_too_large',
		);
		await expectError(
			call(sb, 'POST', '/v1/redirects', {
				raw: '{"host":"\\ud800"',
				headers: { 'content-type': 'application/json; charset=utf-8' },
			}),
			400,
			'validation_error',
		);
		await expectError(call(sb, 'GET', '/v1/redirects/%E0%A4%A'), 404, 'not_found');
		// JSON with charset is accepted, and the server still works
		const ok = await call(sb, 'POST', '/v1/redirects', {
			raw: JSON.stringify({ host: 'a.example.com', redirectTo: 'https://x.example.org' }),
			headers: { 'content-type': 'Application/JSON; charset=utf-8' },
		});
		expect(ok.status).toBe(201);
		expect((await call(sb, 'GET', '/v1/me')).status).toBe(200);
	});

	it('unknown fields are ignored', async () => {
		const r = await call(sb, 'POST', '/v1/redirects', {
			body: {
				host: 'a.example.com',
				redirectTo: 'https://x.example.org',
				status: 'active',
				color: 'x',
			},
		});
		expect(r.status).toBe(201);
		expect(r.json.status).toBe('not_configured');
	});
});
