// Custom Path and QR Code operations through n8n's real engine, against the sandbox, in every list shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import {
	apiRequests,
	byHost,
	byId,
	credentialsFor,
	fromList,
	jsonOf,
	LIST_SHAPES,
	redirectState,
	runFailing,
	runOk,
	seedRedirect,
} from './support';

const HOST = 'promo.example.com';
const redirect = byHost(HOST);

describe.each(LIST_SHAPES)('list shape %s', (listShape) => {
	let sandbox: Sandbox;
	const credentials = () => credentialsFor(sandbox);
	const run = async (parameters: Record<string, unknown>) =>
		await runOk({ credentials: credentials(), parameters: parameters as never });

	const createPath = async (fromPath: string, redirectTo: string, additionalFields = {}) =>
		(
			await run({
				resource: 'path',
				operation: 'create',
				redirect,
				fromPath,
				redirectTo,
				additionalFields,
			})
		)[0].json;

	const createQr = async (label: string, target = 'domain', additionalFields = {}) =>
		(
			await run({
				resource: 'qrCode',
				operation: 'create',
				redirect,
				label,
				target,
				additionalFields,
			})
		)[0].json;

	const allQrCodes = async () =>
		jsonOf(await run({ resource: 'qrCode', operation: 'getAll', redirect, returnAll: true }));

	beforeAll(async () => {
		sandbox = await startSandbox({ listShape, rateLimit: 100000, rateWindowMs: 1000 });
	});
	afterAll(async () => await sandbox.close());
	beforeEach(async () => {
		sandbox.reset();
		await seedRedirect(sandbox, HOST);
	});

	describe('Custom Path', () => {
		it('Create: adds the leading slash and stores the fields', async () => {
			const created = await createPath('spring', '/spring-sale', { statusCode: 307 });
			expect(created).toMatchObject({
				fromPath: '/spring',
				redirectTo: '/spring-sale',
				absolute: false,
				statusCode: 307,
			});
			expect(typeof created.id).toBe('number');
			const stored = (await redirectState(sandbox, HOST))?.paths;
			expect(stored).toEqual([expect.objectContaining({ id: created.id, fromPath: '/spring' })]);
		});

		it('Create: an absolute path sends to a full URL on any domain', async () => {
			const created = await createPath('/out', 'https://partner.example.net/offer', {
				absolute: true,
				statusCode: 302,
			});
			expect(created).toMatchObject({
				fromPath: '/out',
				redirectTo: 'https://partner.example.net/offer',
				absolute: true,
				statusCode: 302,
			});
		});

		it('Get: by id and from the list', async () => {
			await createPath('/a', '/x');
			const second = await createPath('/b', '/y');
			for (const pathId of [byId(second.id as number), fromList(String(second.id))]) {
				const items = await run({ resource: 'path', operation: 'get', redirect, pathId });
				expect(jsonOf(items)).toEqual([
					expect.objectContaining({ id: second.id, fromPath: '/b', redirectTo: '/y' }),
				]);
			}
		});

		it('Get: a missing id is a clear not_found error with HTTP 404', async () => {
			await createPath('/a', '/x');
			const error = await runFailing({
				credentials: credentials(),
				parameters: { resource: 'path', operation: 'get', redirect, pathId: byId(999) },
			});
			expect(error.message).toContain('not_found');
			expect(error.message).toContain('999');
			expect(error.httpCode).toBe('404');
		});

		it('Get Many: returnAll and limit', async () => {
			for (const name of ['/a', '/b', '/c']) await createPath(name, '/x');
			const all = await run({ resource: 'path', operation: 'getAll', redirect, returnAll: true });
			expect(all.map((item) => item.json.fromPath)).toEqual(['/a', '/b', '/c']);
			const limited = await run({
				resource: 'path',
				operation: 'getAll',
				redirect,
				returnAll: false,
				limit: 2,
			});
			expect(limited.map((item) => item.json.fromPath)).toEqual(['/a', '/b']);
		});

		it('Update: changes the given fields', async () => {
			const created = await createPath('/a', '/x');
			const items = await run({
				resource: 'path',
				operation: 'update',
				redirect,
				pathId: byId(created.id as number),
				updateFields: { fromPath: 'renamed', redirectTo: '/elsewhere', statusCode: 308 },
			});
			expect(items[0].json).toMatchObject({
				id: created.id,
				fromPath: '/renamed',
				redirectTo: '/elsewhere',
				statusCode: 308,
			});
			expect((await redirectState(sandbox, HOST))?.paths).toEqual([
				expect.objectContaining({
					fromPath: '/renamed',
					redirectTo: '/elsewhere',
					statusCode: 308,
				}),
			]);
		});

		it('Update: switching to absolute with a full URL', async () => {
			const created = await createPath('/a', '/x');
			const items = await run({
				resource: 'path',
				operation: 'update',
				redirect,
				pathId: byId(created.id as number),
				updateFields: { absolute: true, redirectTo: 'https://partner.example.net/' },
			});
			expect(items[0].json).toMatchObject({
				absolute: true,
				redirectTo: 'https://partner.example.net/',
			});
		});

		it('Delete: removes the path and the QR codes that open it, keeps the others', async () => {
			const doomed = await createPath('/doomed', '/x');
			const kept = await createPath('/kept', '/y');
			await createQr('on doomed', String(doomed.id));
			await createQr('on kept', String(kept.id));
			await createQr('on domain', 'domain');

			const items = await run({
				resource: 'path',
				operation: 'delete',
				redirect,
				pathId: byId(doomed.id as number),
			});
			expect(jsonOf(items)).toEqual([{ deleted: true, host: HOST, id: doomed.id }]);

			const paths = await run({ resource: 'path', operation: 'getAll', redirect, returnAll: true });
			expect(paths.map((item) => item.json.fromPath)).toEqual(['/kept']);
			expect((await allQrCodes()).map((code) => code.label).sort()).toEqual([
				'on domain',
				'on kept',
			]);
		});
	});

	describe('QR Code', () => {
		it('Create: a code for the domain', async () => {
			const created = await createQr('Flyer', 'domain', { color: '#ff0000', format: 'svg' });
			expect(created).toMatchObject({
				label: 'Flyer',
				pathId: null,
				color: expect.stringMatching(/^#ff0000$/i),
				format: 'svg',
				url: `https://${HOST}/?_qr=${String(created.id)}`,
				imageUrl: `/v1/redirects/${HOST}/qr-codes/${String(created.id)}/image`,
			});
		});

		it('Create: a code for a custom path', async () => {
			const path = await createPath('/spring', '/sale');
			const created = await createQr('Poster', String(path.id));
			expect(created).toMatchObject({
				label: 'Poster',
				pathId: path.id,
				url: `https://${HOST}/spring?_qr=${String(created.id)}`,
			});
			expect((await redirectState(sandbox, HOST))?.qrCodes).toEqual([
				expect.objectContaining({ id: created.id, pathId: path.id }),
			]);
		});

		it('Get: by id and from the list', async () => {
			await createQr('First');
			const second = await createQr('Second');
			for (const qrCodeId of [byId(second.id as number), fromList(String(second.id))]) {
				const items = await run({ resource: 'qrCode', operation: 'get', redirect, qrCodeId });
				expect(jsonOf(items)).toEqual([
					expect.objectContaining({ id: second.id, label: 'Second', url: second.url }),
				]);
			}
		});

		it('Get: a missing id is a clear not_found error with HTTP 404', async () => {
			const error = await runFailing({
				credentials: credentials(),
				parameters: { resource: 'qrCode', operation: 'get', redirect, qrCodeId: byId(77) },
			});
			expect(error.message).toContain('not_found');
			expect(error.httpCode).toBe('404');
		});

		it('Get Many: returnAll and limit', async () => {
			for (const label of ['A', 'B', 'C']) await createQr(label);
			expect((await allQrCodes()).map((code) => code.label)).toEqual(['A', 'B', 'C']);
			const limited = await run({
				resource: 'qrCode',
				operation: 'getAll',
				redirect,
				returnAll: false,
				limit: 1,
			});
			expect(limited.map((item) => item.json.label)).toEqual(['A']);
		});

		it('Update: label, color, and target to a path then back to the domain (pathId null)', async () => {
			const path = await createPath('/spring', '/sale');
			const code = await createQr('Old');
			const update = async (updateFields: Record<string, unknown>) =>
				(
					await run({
						resource: 'qrCode',
						operation: 'update',
						redirect,
						qrCodeId: byId(code.id as number),
						updateFields,
					})
				)[0].json;

			const onPath = await update({ label: 'New', target: String(path.id), color: '#00ff00' });
			expect(onPath).toMatchObject({
				id: code.id,
				label: 'New',
				pathId: path.id,
				color: expect.stringMatching(/^#00ff00$/i),
				url: `https://${HOST}/spring?_qr=${String(code.id)}`,
			});

			const onDomain = await update({ target: 'domain' });
			expect(onDomain).toMatchObject({
				label: 'New',
				pathId: null,
				url: `https://${HOST}/?_qr=${String(code.id)}`,
			});
			expect((await redirectState(sandbox, HOST))?.qrCodes).toEqual([
				expect.objectContaining({ id: code.id, pathId: null, label: 'New' }),
			]);
		});

		it('Delete: removes only that code', async () => {
			const doomed = await createQr('Doomed');
			await createQr('Kept');
			sandbox.clearRequests();
			const items = await run({
				resource: 'qrCode',
				operation: 'delete',
				redirect,
				qrCodeId: byId(doomed.id as number),
			});
			expect(jsonOf(items)).toEqual([{ deleted: true, host: HOST, id: doomed.id }]);
			expect(apiRequests(sandbox).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
				`DELETE /v1/redirects/${HOST}/qr-codes/${String(doomed.id)}`,
			]);
			expect((await allQrCodes()).map((code) => code.label)).toEqual(['Kept']);
		});
	});
});
