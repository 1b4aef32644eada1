// QR Code → Download Image: real PNG/SVG through n8n's binary data, decoded and checked.
import jsQR from 'jsqr';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import {
	apiRequests,
	byHost,
	byId,
	credentialsFor,
	deepFreeze,
	LIST_SHAPES,
	runFailing,
	runOk,
} from './support';

const HOST = 'promo.example.com';
const redirect = byHost(HOST);

function bytesOf(binary: IBinaryData | undefined): Buffer {
	if (!binary) throw new Error('no binary data');
	// Default (in-memory) binary mode keeps the file as base64 in `data`
	return Buffer.from(binary.data, 'base64');
}

function decodePng(buffer: Buffer) {
	const png = PNG.sync.read(buffer);
	const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
	return { width: png.width, height: png.height, text: code?.data };
}

describe.each(LIST_SHAPES)('list shape %s', (listShape) => {
	let sandbox: Sandbox;
	let domainCode: { id: number; url: string };
	let pathCode: { id: number; url: string };
	const credentials = () => credentialsFor(sandbox);

	const download = (extra: Record<string, unknown>, id = domainCode.id) => ({
		resource: 'qrCode',
		operation: 'downloadImage',
		redirect,
		qrCodeId: byId(id),
		imageFormat: 'png',
		size: 512,
		binaryPropertyName: 'data',
		...extra,
	});

	beforeAll(async () => {
		sandbox = await startSandbox({
			listShape,
			rateLimit: 100000,
			rateWindowMs: 1000,
			seed: {
				redirects: [
					{
						key: 'key_ok',
						host: HOST,
						redirectTo: 'https://www.example.org/',
						paths: [{ fromPath: '/spring', redirectTo: '/sale' }],
						qrCodes: [
							{ label: 'Domain', color: '#1A2B3C' },
							{ label: 'Spring', fromPath: '/spring' },
						],
					},
				],
			},
		});
	});
	afterAll(async () => await sandbox.close());
	beforeEach(async () => {
		sandbox.reset();
		const codes = await runOk({
			credentials: credentials(),
			parameters: { resource: 'qrCode', operation: 'getAll', redirect, returnAll: true },
		});
		const byLabel = (label: string) => {
			const json = codes.find((item) => item.json.label === label)?.json;
			return { id: Number(json?.id), url: String(json?.url) };
		};
		domainCode = byLabel('Domain');
		pathCode = byLabel('Spring');
		sandbox.clearRequests();
	});

	it('PNG: decodes to the QR code url, has the requested size, name and MIME type', async () => {
		const items = await runOk({ credentials: credentials(), parameters: download({ size: 300 }) });
		expect(items).toHaveLength(1);
		const binary = items[0].binary?.data;
		expect(binary).toMatchObject({
			fileName: `qr-${HOST}-${domainCode.id}.png`,
			mimeType: 'image/png',
			fileExtension: 'png',
		});
		const decoded = decodePng(bytesOf(binary));
		expect(decoded).toEqual({ width: 300, height: 300, text: domainCode.url });
		expect(domainCode.url).toBe(`https://${HOST}/?_qr=${domainCode.id}`);
		const [request] = apiRequests(sandbox);
		expect(request).toMatchObject({
			method: 'GET',
			path: `/v1/redirects/${HOST}/qr-codes/${domainCode.id}/image`,
			query: { format: 'png', size: '300' },
			status: 200,
		});
	});

	it('PNG of a path code encodes the path url', async () => {
		const items = await runOk({
			credentials: credentials(),
			parameters: download({ size: 256 }, pathCode.id),
		});
		const decoded = decodePng(bytesOf(items[0].binary?.data));
		expect(decoded).toEqual({ width: 256, height: 256, text: pathCode.url });
		expect(pathCode.url).toBe(`https://${HOST}/spring?_qr=${pathCode.id}`);
	});

	it('honours the binary property name and keeps the input item (JSON and other binaries)', async () => {
		const input: INodeExecutionData[] = deepFreeze([
			{
				json: { row: 7, campaign: 'spring' },
				binary: {
					existing: { data: Buffer.from('hello').toString('base64'), mimeType: 'text/plain' },
				},
			},
		]);
		const before = structuredClone(input);
		const items = await runOk({
			credentials: credentials(),
			parameters: download({ binaryPropertyName: 'qrImage', size: 128 }),
			input,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ row: 7, campaign: 'spring' });
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(Object.keys(items[0].binary ?? {}).sort()).toEqual(['existing', 'qrImage']);
		expect(items[0].binary?.existing.mimeType).toBe('text/plain');
		const decoded = decodePng(bytesOf(items[0].binary?.qrImage));
		expect(decoded).toEqual({ width: 128, height: 128, text: domainCode.url });
		expect(input).toEqual(before);
	});

	it('one image per input item, each paired with its item', async () => {
		const items = await runOk({
			credentials: credentials(),
			parameters: download({ qrCodeId: byId('={{ $json.id }}'), size: 200 }),
			input: [{ json: { id: pathCode.id } }, { json: { id: domainCode.id } }],
		});
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items.map((item) => decodePng(bytesOf(item.binary?.data)).text)).toEqual([
			pathCode.url,
			domainCode.url,
		]);
		expect(items.map((item) => item.binary?.data.fileName)).toEqual([
			`qr-${HOST}-${pathCode.id}.png`,
			`qr-${HOST}-${domainCode.id}.png`,
		]);
	});

	it('SVG: has the requested size, the svg file name and MIME type', async () => {
		const items = await runOk({
			credentials: credentials(),
			parameters: download({ imageFormat: 'svg', size: 640 }),
		});
		const binary = items[0].binary?.data;
		expect(binary).toMatchObject({
			fileName: `qr-${HOST}-${domainCode.id}.svg`,
			mimeType: 'image/svg+xml',
		});
		const svg = bytesOf(binary).toString('utf8');
		const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
		expect(root).toMatch(/\swidth="640"/);
		expect(root).toMatch(/\sheight="640"/);
		expect(svg).toContain('fill="#1A2B3C"');
		expect(apiRequests(sandbox)[0].query).toEqual({ format: 'svg', size: '640' });
	});

	it('the size bounds 64 and 2048 are accepted', async () => {
		for (const size of [64, 2048]) {
			const items = await runOk({ credentials: credentials(), parameters: download({ size }) });
			const png = PNG.sync.read(bytesOf(items[0].binary?.data));
			expect([png.width, png.height]).toEqual([size, size]);
		}
	});

	it('as an AI tool: returns JSON with url and imageUrl and no binary', async () => {
		const items = await runOk({
			credentials: credentials(),
			parameters: download({ size: 256 }, pathCode.id),
			asTool: true,
		});
		expect(items).toHaveLength(1);
		expect(items[0].binary).toBeUndefined();
		expect(items[0].json).toMatchObject({
			host: HOST,
			id: pathCode.id,
			label: 'Spring',
			url: pathCode.url,
			fileName: `qr-${HOST}-${pathCode.id}.png`,
			imageUrl: `${sandbox.url}/v1/redirects/${HOST}/qr-codes/${pathCode.id}/image?format=png&size=256`,
		});
		expect(apiRequests(sandbox).some((entry) => entry.path.endsWith('/image'))).toBe(false);
	});

	it('a missing QR code is a not_found error with HTTP 404', async () => {
		const error = await runFailing({
			credentials: credentials(),
			parameters: download({}, 999),
		});
		expect(error.message).toContain('not_found');
		expect(error.httpCode).toBe('404');
	});
});
