// Small HTTP helpers shared by the sandbox modules.

export const MAX_BODY_BYTES = 1024 * 1024; // 1 MB
const DRAIN_CAP_BYTES = 64 * 1024 * 1024; // beyond this we drop the connection instead of draining

/** An error that becomes a JSON error response `{ error: { code, message } }`. */
export class ApiError extends Error {
	/**
	 * @param {number} status
	 * @param {string} code
	 * @param {string} message
	 * @param {Record<string, string>} [headers]
	 */
	constructor(status, code, message, headers) {
		super(message);
		this.status = status;
		this.code = code;
		this.headers = headers ?? {};
	}
}

export const validation = (message) => new ApiError(400, 'validation_error', message);
export const notFound = (message) => new ApiError(404, 'not_found', message);

/** "YYYY-MM-DDTHH:MM:SS" in UTC, no offset (the spec's date-time form). */
export function formatTime(ms) {
	return new Date(ms).toISOString().slice(0, 19);
}

export function sendJson(res, status, body, headers = {}) {
	if (res.headersSent || res.destroyed) return;
	const text = JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}

export function sendError(res, err) {
	sendJson(res, err.status, { error: { code: err.code, message: err.message } }, err.headers);
}

export function sendEmpty(res, status) {
	if (res.headersSent || res.destroyed) return;
	res.writeHead(status);
	res.end();
}

/**
 * Reads the request body. Over MAX_BODY_BYTES: stops buffering, discards the rest (so the client can
 * finish sending and read the reply), then rejects with 413 payload_too_large. A client that sends more
 * than DRAIN_CAP_BYTES gets its connection dropped.
 * @returns {Promise<Buffer>}
 */
export function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		let tooLarge = false;
		const declared = Number(req.headers['content-length']);
		if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) tooLarge = true;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) tooLarge = true;
			if (size > DRAIN_CAP_BYTES) {
				req.destroy();
				return;
			}
			if (!tooLarge) chunks.push(chunk);
		});
		req.on('end', () => {
			if (tooLarge) {
				reject(new ApiError(413, 'payload_too_large', 'Request body must not exceed 1 MB'));
			} else {
				resolve(Buffer.concat(chunks));
			}
		});
		req.on('error', (err) => reject(err));
		req.on('close', () => {
			if (!req.complete) reject(new Error('request aborted'));
		});
	});
}

/** Deterministic PRNG (mulberry32). */
export function prng(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
