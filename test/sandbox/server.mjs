// Sandbox of the Redirect Management Service (see /work/shared/spec/redirect-api.md and README.md here).
// startSandbox(options) starts it on 127.0.0.1 and returns { url, close, requests, clearRequests, reset, configure }.
import http from 'node:http';
import { ApiError, sendEmpty, sendError, sendJson, validation } from './util.mjs';
import { Store, mergeAccounts } from './state.mjs';
import { RateLimiter } from './ratelimit.mjs';
import { Faults, faultCode } from './faults.mjs';
import { jsonBody, route } from './api.mjs';
import { handleAdmin } from './admin.mjs';

const DEFAULTS = {
	rateLimit: 60,
	rateWindowMs: 60000,
	rateMode: 'sliding',
	certDelayMs: 2000,
	listShape: 'wrapped',
};

const CONFIG_CHECKS = {
	rateLimit: (v) => Number.isInteger(v) && v >= 1,
	rateWindowMs: (v) => Number.isInteger(v) && v >= 1,
	rateMode: (v) => v === 'sliding' || v === 'fixed',
	certDelayMs: (v) => Number.isInteger(v) && v >= 0,
	listShape: (v) => v === 'wrapped' || v === 'array' || v === 'data',
};

function checkConfig(partial) {
	const out = {};
	for (const [name, value] of Object.entries(partial ?? {})) {
		if (value === undefined) continue;
		const check = CONFIG_CHECKS[name];
		if (!check) throw validation(`${name} is not a sandbox setting`);
		if (!check(value)) throw validation(`${name} has an invalid value: ${JSON.stringify(value)}`);
		out[name] = value;
	}
	return out;
}

const AUTH_RE = /^Bearer ([^\s]+)$/i;

/** Resolves the caller; throws 401/403. Returns { key, account } for usable keys. */
function authenticate(store, header, entry) {
	const match = typeof header === 'string' ? AUTH_RE.exec(header) : null;
	const account = match ? store.accounts.get(match[1]) : undefined;
	if (!account) throw new ApiError(401, 'invalid_api_key', 'Missing or invalid API key');
	if (account.state === 'revoked')
		throw new ApiError(401, 'invalid_api_key', 'The API key is invalid or has been revoked');
	entry.account = account.email;
	if (account.state === 'noapi') {
		throw new ApiError(
			403,
			'api_not_enabled',
			`The ${account.plan} plan does not include API access`,
		);
	}
	if (account.state === 'inactive')
		throw new ApiError(403, 'account_inactive', 'The account is inactive');
	return { key: account.key, account };
}

/**
 * @param {import('./server.d.mts').SandboxOptions} [options]
 * @returns {Promise<import('./server.d.mts').Sandbox>}
 */
export async function startSandbox(options = {}) {
	const { port = 0, seed, randomSeed = 42, ...knobs } = options;
	const initialConfig = { ...DEFAULTS, ...checkConfig(knobs) };
	const epoch = Date.now();
	const store = new Store(mergeAccounts(seed), seed?.redirects ?? []);
	const faults = new Faults(randomSeed);
	const timers = new Set();
	let config = { ...initialConfig };
	let log = [];
	let limiter = new RateLimiter({
		limit: config.rateLimit,
		windowMs: config.rateWindowMs,
		mode: config.rateMode,
		epoch,
	});

	const sb = {
		store,
		faults,
		get config() {
			return config;
		},
		requests: () => log.map((e) => ({ ...e, query: { ...e.query } })),
		clearRequests() {
			log = [];
		},
		reset() {
			store.reset();
			faults.reset();
			log = [];
			config = { ...initialConfig };
			limiter = new RateLimiter({
				limit: config.rateLimit,
				windowMs: config.rateWindowMs,
				mode: config.rateMode,
				epoch,
			});
		},
		configure(partial) {
			const next = { ...config, ...checkConfig(partial) };
			const rateChanged = ['rateLimit', 'rateWindowMs', 'rateMode'].some(
				(k) => next[k] !== config[k],
			);
			config = next;
			if (rateChanged) {
				limiter = new RateLimiter({
					limit: config.rateLimit,
					windowMs: config.rateWindowMs,
					mode: config.rateMode,
					epoch,
				});
			}
		},
	};

	const sleep = (ms) =>
		new Promise((resolve) => {
			const t = setTimeout(() => {
				timers.delete(t);
				resolve(undefined);
			}, ms);
			timers.add(t);
		});

	async function handleApi(req, res, url) {
		const now = Date.now();
		const entry = {
			at: now,
			method: req.method,
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			auth: req.headers.authorization !== undefined,
			account: null,
			status: 0,
		};
		log.push(entry);
		const reply = (result) => {
			entry.status = result.status;
			if (result.status === 204) sendEmpty(res, 204);
			else if (result.json !== undefined) sendJson(res, result.status, result.json);
			else if (!res.headersSent && !res.destroyed) {
				res.writeHead(result.status, { 'Content-Length': result.body.length, ...result.headers });
				res.end(result.body);
			}
		};
		const fail = (err) => {
			entry.status = err.status;
			sendError(res, err);
		};
		const dropConnection = () => {
			entry.status = 'reset';
			req.socket.destroy();
		};
		try {
			const { key, account } = authenticate(store, req.headers.authorization, entry);
			const waitMs = limiter.take(key, now);
			if (waitMs !== null) {
				const seconds = String(Math.max(1, Math.ceil(waitMs / 1000)));
				throw new ApiError(429, 'rate_limited', `Too many requests; retry after ${seconds} s`, {
					'Retry-After': seconds,
				});
			}
			const fault = faults.match(req.method, url.pathname);
			if (fault) {
				entry.fault = `${fault.kind}${fault.kind === 'status' ? `:${fault.status}` : ''}${fault.kind === 'delay' ? `:${fault.delayMs}` : ''}${fault.after ? ':after' : ''}`;
			}
			const faultError = () => {
				const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : null);
				const headers = retryAfter === null ? {} : { 'Retry-After': String(retryAfter) };
				return new ApiError(
					fault.status,
					faultCode(fault.status),
					`Injected fault: HTTP ${fault.status}`,
					headers,
				);
			};
			if (fault && !fault.after) {
				if (fault.kind === 'status') return fail(faultError());
				if (fault.kind === 'reset') return dropConnection();
				await sleep(fault.delayMs);
			}
			let result;
			try {
				const { handler, params } = route(req.method, url.pathname);
				const ctx = {
					store,
					config,
					account,
					key,
					params,
					url,
					req,
					now: Date.now(),
					body: () => jsonBody(req),
				};
				result = await handler(ctx);
			} catch (err) {
				if (!(err instanceof ApiError) || !fault?.after) throw err;
				result = { error: err };
			}
			if (fault?.after) {
				if (fault.kind === 'status') return fail(faultError());
				if (fault.kind === 'reset') return dropConnection();
				await sleep(fault.delayMs);
			}
			if (result.error) throw result.error;
			reply(result);
		} catch (err) {
			if (err instanceof ApiError) return fail(err);
			if (req.destroyed && !req.complete) return; // client went away mid-body
			fail(new ApiError(500, 'internal_error', 'Internal error'));
			if (process.env.SANDBOX_DEBUG) console.error(err);
		}
	}

	const server = http.createServer((req, res) => {
		res.on('error', () => {});
		req.on('error', () => {});
		let url;
		try {
			url = new URL(`http://sandbox${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
		} catch {
			return sendError(res, new ApiError(400, 'validation_error', 'Malformed request URL'));
		}
		const p = url.pathname.startsWith('/__admin/')
			? handleAdmin(sb, req, res, url)
			: handleApi(req, res, url);
		p.catch(() => {
			sendError(res, new ApiError(500, 'internal_error', 'Internal error'));
		});
	});
	server.on('clientError', (_err, socket) => {
		const body = JSON.stringify({
			error: { code: 'validation_error', message: 'Malformed HTTP request' },
		});
		if (socket.writable) {
			socket.end(
				`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
			);
		} else {
			socket.destroy();
		}
	});

	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			server.off('error', reject);
			resolve(undefined);
		});
	});
	const address = server.address();
	const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;

	let closing;
	return {
		url,
		close() {
			closing ??= new Promise((resolve) => {
				for (const t of timers) clearTimeout(t);
				timers.clear();
				server.close(() => resolve(undefined));
				server.closeAllConnections();
			});
			return closing;
		},
		requests: sb.requests,
		clearRequests: sb.clearRequests,
		reset: sb.reset,
		configure: sb.configure,
	};
}
