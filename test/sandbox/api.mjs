// The /v1 API: routing table and handlers. Handlers return { status, json } or { status, body, headers }
// and throw ApiError for error replies; the server (server.mjs) sends the result.
import { ApiError, notFound, readBody, validation } from './util.mjs';
import { accountJson, pathJson, qrJson, redirectJson, statusReportJson } from './state.mjs';
import { checkImageQuery, checkPathBody, checkQrBody, checkRedirectBody } from './validation.mjs';
import { renderPng, renderSvg } from './qr.mjs';

/** Reads and parses a JSON object body (empty body = {}). */
export async function jsonBody(req) {
	const buf = await readBody(req);
	if (buf.length === 0) return {};
	const type = String(req.headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (type !== 'application/json') throw validation('Content-Type must be application/json');
	let value;
	try {
		value = JSON.parse(buf.toString('utf8'));
	} catch {
		throw validation('Request body is not valid JSON');
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw validation('Request body must be a JSON object');
	}
	return value;
}

function list(ctx, name, items, extra) {
	const shape = ctx.config.listShape;
	if (shape === 'array') return { status: 200, json: items };
	if (shape === 'data') return { status: 200, json: { data: items, ...extra } };
	return { status: 200, json: { [name]: items, ...extra } };
}

function redirectOr404(ctx) {
	const r = ctx.store.findRedirect(ctx.key, ctx.params.host);
	if (!r) throw notFound(`Redirect ${ctx.params.host} not found`);
	return r;
}

function numericId(raw) {
	return /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
}

function pathOr404(ctx, r) {
	const p = r.paths.get(numericId(ctx.params.id));
	if (!p) throw notFound(`Path ${ctx.params.id} not found on ${r.host}`);
	return p;
}

function qrOr404(ctx, r) {
	const q = r.qrCodes.get(numericId(ctx.params.id));
	if (!q) throw notFound(`QR code ${ctx.params.id} not found on ${r.host}`);
	return q;
}

const read = (ctx, r) => ctx.store.evaluate(r, ctx.now, ctx.config.certDelayMs, true);
const touch = (ctx, r) => ctx.store.evaluate(r, ctx.now, ctx.config.certDelayMs, false);

const handlers = {
	me: (ctx) => ({ status: 200, json: accountJson(ctx.account) }),

	listRedirects(ctx) {
		const items = ctx.store.redirectsOf(ctx.key).map((r) => (read(ctx, r), redirectJson(r)));
		return list(ctx, 'redirects', items, { maxRedirects: ctx.account.maxRedirects });
	},

	async createRedirect(ctx) {
		const fields = checkRedirectBody(await ctx.body(), { partial: false });
		if (ctx.store.redirects.has(fields.host)) {
			throw new ApiError(409, 'host_taken', `The domain ${fields.host} is already registered`);
		}
		if (ctx.store.redirectsOf(ctx.key).length >= ctx.account.maxRedirects) {
			throw new ApiError(
				409,
				'plan_limit_reached',
				`Your plan allows ${ctx.account.maxRedirects} redirects; delete one or upgrade the plan`,
			);
		}
		const r = ctx.store.createRedirect(ctx.key, fields, ctx.now);
		return { status: 201, json: redirectJson(r) };
	},

	getRedirect(ctx) {
		const r = redirectOr404(ctx);
		read(ctx, r);
		return { status: 200, json: redirectJson(r) };
	},

	async patchRedirect(ctx) {
		const r = redirectOr404(ctx);
		const fields = checkRedirectBody(await ctx.body(), { partial: true, currentHost: r.host });
		Object.assign(r, fields);
		touch(ctx, r);
		return { status: 200, json: redirectJson(r) };
	},

	deleteRedirect(ctx) {
		ctx.store.deleteRedirect(redirectOr404(ctx));
		return { status: 204 };
	},

	redirectStatus(ctx) {
		const r = redirectOr404(ctx);
		read(ctx, r);
		return { status: 200, json: statusReportJson(ctx.store, r) };
	},

	listPaths(ctx) {
		const r = redirectOr404(ctx);
		return list(ctx, 'paths', [...r.paths.values()].map(pathJson));
	},

	async createPath(ctx) {
		const r = redirectOr404(ctx);
		const fields = checkPathBody(await ctx.body(), undefined);
		if (ctx.store.pathClash(r, fields.fromPath)) {
			throw new ApiError(
				409,
				'path_exists',
				`The path ${fields.fromPath} already exists on ${r.host}`,
			);
		}
		return { status: 201, json: pathJson(ctx.store.createPath(r, fields, ctx.now)) };
	},

	async patchPath(ctx) {
		const r = redirectOr404(ctx);
		const p = pathOr404(ctx, r);
		const fields = checkPathBody(await ctx.body(), p);
		if (fields.fromPath !== undefined && ctx.store.pathClash(r, fields.fromPath, p.id)) {
			throw new ApiError(
				409,
				'path_exists',
				`The path ${fields.fromPath} already exists on ${r.host}`,
			);
		}
		Object.assign(p, fields);
		return { status: 200, json: pathJson(p) };
	},

	deletePath(ctx) {
		const r = redirectOr404(ctx);
		ctx.store.deletePath(r, pathOr404(ctx, r));
		return { status: 204 };
	},

	listQr(ctx) {
		const r = redirectOr404(ctx);
		return list(
			ctx,
			'qrCodes',
			[...r.qrCodes.values()].map((q) => qrJson(r, q)),
		);
	},

	async createQr(ctx) {
		const r = redirectOr404(ctx);
		const fields = checkQrBody(await ctx.body(), undefined, [...r.paths.keys()]);
		return { status: 201, json: qrJson(r, ctx.store.createQr(r, fields, ctx.now)) };
	},

	async patchQr(ctx) {
		const r = redirectOr404(ctx);
		const q = qrOr404(ctx, r);
		Object.assign(q, checkQrBody(await ctx.body(), q, [...r.paths.keys()]));
		return { status: 200, json: qrJson(r, q) };
	},

	deleteQr(ctx) {
		const r = redirectOr404(ctx);
		r.qrCodes.delete(qrOr404(ctx, r).id);
		return { status: 204 };
	},

	qrImage(ctx) {
		const r = redirectOr404(ctx);
		const q = qrOr404(ctx, r);
		const { format, size } = checkImageQuery(ctx.url.searchParams);
		const { url } = qrJson(r, q);
		const body =
			format === 'png' ? renderPng(url, size, q.color) : Buffer.from(renderSvg(url, size, q.color));
		return {
			status: 200,
			body,
			headers: {
				'Content-Type': format === 'png' ? 'image/png' : 'image/svg+xml',
				'Content-Disposition': `attachment; filename="qr-${q.id}.${format}"`,
				'Cache-Control': 'no-store',
			},
		};
	},
};

const ROUTES = [
	[['v1', 'me'], { GET: 'me' }],
	[['v1', 'redirects'], { GET: 'listRedirects', POST: 'createRedirect' }],
	[
		['v1', 'redirects', ':host'],
		{ GET: 'getRedirect', PATCH: 'patchRedirect', DELETE: 'deleteRedirect' },
	],
	[['v1', 'redirects', ':host', 'status'], { GET: 'redirectStatus' }],
	[['v1', 'redirects', ':host', 'paths'], { GET: 'listPaths', POST: 'createPath' }],
	[['v1', 'redirects', ':host', 'paths', ':id'], { PATCH: 'patchPath', DELETE: 'deletePath' }],
	[['v1', 'redirects', ':host', 'qr-codes'], { GET: 'listQr', POST: 'createQr' }],
	[['v1', 'redirects', ':host', 'qr-codes', ':id'], { PATCH: 'patchQr', DELETE: 'deleteQr' }],
	[['v1', 'redirects', ':host', 'qr-codes', ':id', 'image'], { GET: 'qrImage' }],
];

/**
 * Finds the handler for a path; throws 404 not_found for unknown routes, 405 method_not_allowed for a
 * known route with another method.
 */
export function route(method, pathname) {
	const segments = pathname.split('/').slice(1);
	for (const [pattern, methods] of ROUTES) {
		if (pattern.length !== segments.length) continue;
		const params = {};
		let ok = true;
		for (let i = 0; i < pattern.length && ok; i++) {
			if (pattern[i].startsWith(':')) {
				let value;
				try {
					value = decodeURIComponent(segments[i]);
				} catch {
					value = '';
				}
				params[pattern[i].slice(1)] = value;
				ok = value !== '';
			} else {
				ok = pattern[i] === segments[i];
			}
		}
		if (!ok) continue;
		const name = methods[method];
		if (!name) {
			const allow = Object.keys(methods).join(', ');
			throw new ApiError(
				405,
				'method_not_allowed',
				`Method ${method} is not allowed here; use ${allow}`,
				{
					Allow: allow,
				},
			);
		}
		return { handler: handlers[name], params };
	}
	throw notFound(`No route for ${method} ${pathname}`);
}
