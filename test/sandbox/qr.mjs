// QR image rendering: encodes exactly the given text (byte mode, error correction M) with the
// `qrcode` package and draws the modules ourselves so the PNG is exactly size x size pixels.
import QRCode from 'qrcode';
import { PNG } from 'pngjs';

const QUIET_ZONE = 4; // modules, the QR standard's quiet zone

/** @param {string} text */
function modules(text) {
	const qr = QRCode.create([{ data: text, mode: 'byte' }], { errorCorrectionLevel: 'M' });
	return qr.modules; // BitMatrix: size, get(row, col)
}

/** @param {string} hex "#RRGGBB" */
function parseColor(hex) {
	const n = parseInt(hex.slice(1), 16);
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Integer module scale and offset so the symbol is centred in a size x size square. Prefers a full
 * 4-module quiet zone; at tiny sizes falls back to a 1-module quiet zone to keep >= 2 px modules, and when
 * even 1 px per module does not fit, maps pixels to modules by nearest neighbour (unreadable but exact size).
 */
function layout(n, size) {
	let scale = Math.floor(size / (n + 2 * QUIET_ZONE));
	if (scale < 2) scale = Math.max(scale, Math.floor(size / (n + 2)));
	if (scale < 1) return null;
	const offset = Math.floor((size - n * scale) / 2);
	return { scale, offset };
}

/**
 * @param {string} text
 * @param {number} size
 * @param {string} color "#RRGGBB"
 * @returns {Buffer}
 */
export function renderPng(text, size, color) {
	const m = modules(text);
	const n = m.size;
	const [r, g, b] = parseColor(color);
	const png = new PNG({ width: size, height: size, colorType: 6 });
	png.data.fill(255);
	const lay = layout(n, size);
	const rowBytes = size * 4;
	const line = Buffer.alloc(rowBytes);
	let previousRow = -2;
	for (let y = 0; y < size; y++) {
		const row = lay ? Math.floor((y - lay.offset) / lay.scale) : Math.floor((y * n) / size);
		const inside = lay ? y >= lay.offset && row < n : true;
		if (!inside) continue;
		if (row !== previousRow) {
			// draw this module row once, then copy it to every pixel row it covers
			line.fill(255);
			for (let x = 0; x < size; x++) {
				const col = lay ? Math.floor((x - lay.offset) / lay.scale) : Math.floor((x * n) / size);
				if (lay && (x < lay.offset || col >= n)) continue;
				if (m.get(row, col)) {
					const i = x * 4;
					line[i] = r;
					line[i + 1] = g;
					line[i + 2] = b;
				}
			}
			previousRow = row;
		}
		line.copy(png.data, y * rowBytes);
	}
	// filter 'up' makes repeated pixel rows all zeros: fast and small
	return PNG.sync.write(png, { filterType: 2 });
}

/**
 * @param {string} text
 * @param {number} size
 * @param {string} color "#RRGGBB"
 * @returns {string}
 */
export function renderSvg(text, size, color) {
	const m = modules(text);
	const n = m.size;
	const total = n + 2 * QUIET_ZONE;
	let d = '';
	for (let row = 0; row < n; row++) {
		for (let col = 0; col < n; col++) {
			if (m.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
		}
	}
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n` +
		`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
		`<rect width="${total}" height="${total}" fill="#FFFFFF"/>` +
		`<path fill="${color}" d="${d}"/></svg>\n`
	);
}
