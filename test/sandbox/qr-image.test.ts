// Contract tests: QR images are real, decode to the QR code's url, have the requested size and color.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { startSandbox, type Sandbox } from './server.mjs';
import { call, createRedirect } from './helpers';

let sb: Sandbox;
let domainQr: { id: number; url: string; imageUrl: string };
let pathQr: { id: number; url: string; imageUrl: string };
beforeAll(async () => {
	sb = await startSandbox();
	await createRedirect(sb, 'promo.example.com');
	const path = (
		await call(sb, 'POST', '/v1/redirects/promo.example.com/paths', {
			body: { fromPath: '/Spring-Sale', redirectTo: '/s' },
		})
	).json;
	domainQr = (
		await call(sb, 'POST', '/v1/redirects/promo.example.com/qr-codes', {
			body: { label: 'domain' },
		})
	).json;
	pathQr = (
		await call(sb, 'POST', '/v1/redirects/promo.example.com/qr-codes', {
			body: { label: 'path', pathId: path.id, color: '#C00000' },
		})
	).json;
});
afterAll(async () => {
	await sb.close();
});

function decode(buffer: Buffer) {
	const png = PNG.sync.read(buffer);
	const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
	return { png, text: result?.data };
}

/** Average RGB of the non-white pixels. */
function darkColor(png: PNG) {
	let r = 0;
	let g = 0;
	let b = 0;
	let n = 0;
	for (let i = 0; i < png.data.length; i += 4) {
		if (png.data[i] + png.data[i + 1] + png.data[i + 2] < 600) {
			r += png.data[i];
			g += png.data[i + 1];
			b += png.data[i + 2];
			n++;
		}
	}
	return { n, rgb: [r / n, g / n, b / n] };
}

describe('QR image', () => {
	for (const size of [64, 512, 2048]) {
		it(`PNG ${size}x${size} decodes to the url (domain and path codes)`, async () => {
			for (const qr of [domainQr, pathQr]) {
				const r = await call(sb, 'GET', `${qr.imageUrl}?size=${size}&format=png`);
				expect(r.status).toBe(200);
				expect(r.headers['content-type']).toBe('image/png');
				expect(r.headers['content-disposition']).toBe(`attachment; filename="qr-${qr.id}.png"`);
				const { png, text } = decode(r.buffer);
				expect([png.width, png.height]).toEqual([size, size]);
				expect(text).toBe(qr.url);
			}
		});
	}

	it('defaults: PNG, 512 px', async () => {
		const r = await call(sb, 'GET', domainQr.imageUrl);
		expect(r.headers['content-type']).toBe('image/png');
		const { png, text } = decode(r.buffer);
		expect(png.width).toBe(512);
		expect(text).toBe('https://promo.example.com/?_qr=' + domainQr.id);
		expect(pathQr.url).toBe(`https://promo.example.com/Spring-Sale?_qr=${pathQr.id}`);
	});

	it('odd sizes are exact too', async () => {
		for (const size of [65, 100, 333, 1001]) {
			const { png, text } = decode(
				(await call(sb, 'GET', `${pathQr.imageUrl}?size=${size}`)).buffer,
			);
			expect([png.width, png.height, text]).toEqual([size, size, pathQr.url]);
		}
	});

	it('the color is applied to the dark modules, the background is white', async () => {
		const red = decode((await call(sb, 'GET', `${pathQr.imageUrl}?size=256`)).buffer).png;
		const { n, rgb } = darkColor(red);
		expect(n).toBeGreaterThan(1000);
		expect(rgb[0]).toBeCloseTo(0xc0, -1);
		expect(rgb[1]).toBeCloseTo(0, -1);
		expect(rgb[2]).toBeCloseTo(0, -1);
		expect([...red.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
		const dflt = darkColor(
			decode((await call(sb, 'GET', `${domainQr.imageUrl}?size=256`)).buffer).png,
		);
		expect(dflt.rgb.map(Math.round)).toEqual([0x0a, 0x0e, 0x14]);
	});

	it('a color change is reflected in the image', async () => {
		await call(sb, 'PATCH', `/v1/redirects/promo.example.com/qr-codes/${domainQr.id}`, {
			body: { color: '#00AA00' },
		});
		const { rgb } = darkColor(
			decode((await call(sb, 'GET', `${domainQr.imageUrl}?size=128`)).buffer).png,
		);
		expect(rgb.map(Math.round)).toEqual([0, 0xaa, 0]);
		await call(sb, 'PATCH', `/v1/redirects/promo.example.com/qr-codes/${domainQr.id}`, {
			body: { color: '#0A0E14' },
		});
	});

	it('SVG carries the size and the color', async () => {
		const r = await call(sb, 'GET', `${pathQr.imageUrl}?format=svg&size=300`);
		expect(r.status).toBe(200);
		expect(r.headers['content-type']).toBe('image/svg+xml');
		expect(r.headers['content-disposition']).toBe(`attachment; filename="qr-${pathQr.id}.svg"`);
		expect(r.text).toMatch(/<svg[^>]* width="300" height="300"/);
		expect(r.text).toContain('fill="#C00000"');
		const dflt = await call(sb, 'GET', `${domainQr.imageUrl}?format=svg`);
		expect(dflt.text).toMatch(/<svg[^>]* width="512" height="512"/);
	});

	it('images can be downloaded repeatedly and need auth', async () => {
		const a = await call(sb, 'GET', `${domainQr.imageUrl}?size=64`);
		const b = await call(sb, 'GET', `${domainQr.imageUrl}?size=64`);
		expect(a.buffer.equals(b.buffer)).toBe(true);
		expect((await call(sb, 'GET', domainQr.imageUrl, { key: null })).status).toBe(401);
	});
});
