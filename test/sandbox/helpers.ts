/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test only: polling timer */
// Shared helpers for the sandbox contract tests.
import { request } from 'undici';
import type { Sandbox } from './server.mjs';

export interface Reply {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked with expect()
	json: any;
	buffer: Buffer;
}

export interface CallOptions {
	/** API key sent as "Authorization: Bearer <key>"; null = no Authorization header */
	key?: string | null;
	/** JSON-encoded with Content-Type application/json */
	body?: unknown;
	/** sent as is (no Content-Type unless given in headers) */
	raw?: string | Buffer;
	headers?: Record<string, string>;
}

export async function call(
	sb: Sandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<Reply> {
	const headers: Record<string, string> = {};
	const key = options.key === undefined ? 'key_ok' : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	let body: string | Buffer | undefined;
	if (options.body !== undefined) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(options.body);
	} else if (options.raw !== undefined) {
		body = options.raw;
	}
	Object.assign(headers, options.headers ?? {});
	const res = await request(sb.url + path, { method: method as 'GET', headers, body });
	const buffer = Buffer.from(await res.body.arrayBuffer());
	const text = buffer.toString('utf8');
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Reply.json
	let json: any;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.statusCode, headers: res.headers, text, json, buffer };
}

/** POST/PATCH/GET against the admin API. */
export async function admin(
	sb: Sandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<Reply> {
	return call(sb, method, `/__admin/${path}`, { key: null, body });
}

export function errorOf(reply: Reply): { code: string; message: string } {
	return reply.json?.error;
}

export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export async function createRedirect(
	sb: Sandbox,
	host: string,
	extra: Record<string, unknown> = {},
	key = 'key_ok',
) {
	const r = await call(sb, 'POST', '/v1/redirects', {
		key,
		body: { host, redirectTo: 'https://dest.example.org/x', ...extra },
	});
	if (r.status !== 201) throw new Error(`create ${host}: ${r.status} ${r.text}`);
	return r.json;
}

/** Polls fn until it returns a truthy value (or throws after timeoutMs). */
export async function until<T>(
	fn: () => Promise<T | undefined | false>,
	timeoutMs = 5000,
	stepMs = 20,
): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > end) throw new Error('condition not met in time');
		await new Promise((resolve) => setTimeout(resolve, stepMs));
	}
}
