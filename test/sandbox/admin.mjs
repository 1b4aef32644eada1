// Control API under /__admin: no auth, never rate limited, never in the request log.
import {
	ApiError,
	notFound,
	readBody,
	sendEmpty,
	sendError,
	sendJson,
	validation,
} from './util.mjs';
import { STATUSES, accountJson, pathJson, qrJson, redirectJson } from './state.mjs';
import { checkFullUrl, checkHost } from './validation.mjs';

async function adminBody(req) {
	const buf = await readBody(req);
	if (buf.length === 0) return {};
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

function redirectByHost(sb, host) {
	if (typeof host !== 'string' || !host) throw validation('host is required');
	const r = sb.store.redirects.get(host.toLowerCase());
	if (!r) throw notFound(`Redirect ${host} not found`);
	return r;
}

function accountByKey(sb, key) {
	if (typeof key !== 'string' || !key) throw validation('key is required');
	const a = sb.store.accounts.get(key);
	if (!a) throw notFound('No account has that key');
	return a;
}

function fullRedirect(sb, r) {
	sb.store.evaluate(r, Date.now(), sb.config.certDelayMs, false);
	return {
		...redirectJson(r),
		paths: [...r.paths.values()].map(pathJson),
		qrCodes: [...r.qrCodes.values()].map((q) => qrJson(r, q)),
	};
}

function forceStatus(sb, r, status, errorMessage) {
	if (!STATUSES.includes(status)) throw validation(`status must be one of ${STATUSES.join(', ')}`);
	if (errorMessage !== undefined && errorMessage !== null && typeof errorMessage !== 'string') {
		throw validation('errorMessage must be a string or null');
	}
	const now = Date.now();
	r.status = status;
	r.errorMessage = errorMessage ?? (status === 'error' ? 'The domain could not be verified' : null);
	if (status === 'pending') r.pendingSince = now;
	if (status === 'active' && r.certificateExpiresAt === null) {
		r.certificateExpiresAt = new Date(now + 90 * 86400000).toISOString().slice(0, 19);
	}
}

const POST = {
	reset(sb) {
		sb.reset();
		return { ok: true };
	},

	dns(sb, body) {
		const host = checkHost(body.host);
		if (typeof body.pointing !== 'boolean') throw validation('pointing must be a boolean');
		if (
			body.resolved !== undefined &&
			!(Array.isArray(body.resolved) && body.resolved.every((v) => typeof v === 'string'))
		) {
			throw validation('resolved must be an array of strings');
		}
		sb.store.dns.set(host, { pointing: body.pointing, resolved: body.resolved });
		return { host, ...sb.store.dnsFor(host) };
	},

	status(sb, body) {
		const r = redirectByHost(sb, body.host);
		forceStatus(sb, r, body.status, body.errorMessage);
		return redirectJson(r);
	},

	certificate(sb, body) {
		const r = redirectByHost(sb, body.host);
		if (body.expiresAt !== null && typeof body.expiresAt !== 'string') {
			throw validation('expiresAt must be a string or null');
		}
		r.certificateExpiresAt = body.expiresAt;
		return redirectJson(r);
	},

	redirects(sb, body) {
		const account = accountByKey(sb, body.key);
		const now = Date.now();
		const redirectTo = body.redirectTo ?? 'https://destination.example.org/';
		checkFullUrl('redirectTo', redirectTo);
		if (body.status !== undefined && !STATUSES.includes(body.status)) {
			throw validation(`status must be one of ${STATUSES.join(', ')}`);
		}
		let hosts;
		if (body.count !== undefined) {
			if (!Number.isInteger(body.count) || body.count < 1 || body.count > 100000) {
				throw validation('count must be an integer from 1 to 100000');
			}
			const prefix = body.prefix ?? 'bulk-';
			const start = body.start ?? 1;
			if (typeof prefix !== 'string' || !Number.isInteger(start))
				throw validation('prefix must be a string, start an integer');
			hosts = Array.from({ length: body.count }, (_, i) =>
				checkHost(`${prefix}${start + i}.example.com`),
			);
		} else {
			hosts = [checkHost(body.host)];
		}
		const taken = hosts.find((h) => sb.store.redirects.has(h));
		if (taken) throw new ApiError(409, 'host_taken', `The domain ${taken} is already registered`);
		const created = hosts.map((host) => {
			const r = sb.store.createRedirect(account.key, { host, redirectTo }, now);
			if (body.status !== undefined) forceStatus(sb, r, body.status, body.errorMessage);
			return r;
		});
		if (body.count !== undefined) return { created: created.length, hosts };
		return redirectJson(created[0]);
	},

	config(sb, body) {
		sb.configure(body);
		return { ...sb.config };
	},

	faults(sb, body) {
		return sb.faults.add(body);
	},
};

const GET = {
	requests: (sb) => sb.requests(),
	faults: (sb) => sb.faults.list(),
	config: (sb) => ({ ...sb.config }),
	state(sb, _body, url) {
		const key = url.searchParams.get('key');
		const dump = (a) => ({
			key: a.key,
			state: a.state,
			...accountJson(a),
			redirects: sb.store.redirectsOf(a.key).map((r) => fullRedirect(sb, r)),
		});
		if (key !== null) {
			const a = accountByKey(sb, key);
			const { redirects, ...account } = dump(a);
			return { account, redirects };
		}
		return { accounts: [...sb.store.accounts.values()].map(dump) };
	},
};

const DELETE = {
	requests(sb) {
		sb.clearRequests();
	},
	faults(sb) {
		sb.faults.reset();
	},
};

export async function handleAdmin(sb, req, res, url) {
	try {
		const name = url.pathname.slice('/__admin/'.length);
		const tables = { GET, POST, DELETE };
		const table = tables[req.method];
		const known = Object.values(tables).some((t) => Object.hasOwn(t, name));
		if (!known) throw notFound(`No admin route ${url.pathname}`);
		if (!table || !Object.hasOwn(table, name)) {
			throw new ApiError(
				405,
				'method_not_allowed',
				`Method ${req.method} is not allowed on ${url.pathname}`,
			);
		}
		const body = req.method === 'POST' ? await adminBody(req) : {};
		const result = await table[name](sb, body, url);
		if (result === undefined) sendEmpty(res, 204);
		else sendJson(res, req.method === 'POST' && name === 'redirects' ? 201 : 200, result);
	} catch (err) {
		if (err instanceof ApiError) sendError(res, err);
		else sendError(res, new ApiError(500, 'internal_error', `Admin error: ${err?.message ?? err}`));
	}
}
