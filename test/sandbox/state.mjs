// In-memory state of the sandbox: accounts, redirects with their paths and QR codes, DNS facts, id counters.
import { formatTime } from './util.mjs';
import { checkPathBody, checkQrBody, checkRedirectBody } from './validation.mjs';

export const SERVICE_IP = '203.0.113.10';
export const ELSEWHERE_IP = '198.51.100.7';
export const CERT_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
export const STATUSES = ['not_configured', 'pending', 'active', 'disabled', 'error'];
export const ACCOUNT_STATES = ['ok', 'revoked', 'noapi', 'inactive'];

/** @type {import('./server.d.mts').SeedAccount[]} */
export const DEFAULT_ACCOUNTS = [
	{ key: 'key_ok', email: 'ops@example.com', plan: 'Pro', maxRedirects: 5, state: 'ok' },
	{ key: 'key_other', email: 'other@example.com', plan: 'Pro', maxRedirects: 5, state: 'ok' },
	{ key: 'key_small', email: 'small@example.com', plan: 'Starter', maxRedirects: 1, state: 'ok' },
	{
		key: 'key_revoked',
		email: 'revoked@example.com',
		plan: 'Pro',
		maxRedirects: 5,
		state: 'revoked',
	},
	{ key: 'key_noapi', email: 'noapi@example.com', plan: 'Basic', maxRedirects: 5, state: 'noapi' },
	{
		key: 'key_inactive',
		email: 'inactive@example.com',
		plan: 'Pro',
		maxRedirects: 5,
		state: 'inactive',
	},
];

/** Defaults + given accounts, the given ones win by key. */
export function mergeAccounts(seed) {
	const byKey = new Map(DEFAULT_ACCOUNTS.map((a) => [a.key, { ...a }]));
	for (const a of seed?.accounts ?? []) {
		if (!a || typeof a.key !== 'string' || !a.key) throw new Error('seed account needs a key');
		const state = a.state ?? 'ok';
		if (!ACCOUNT_STATES.includes(state))
			throw new Error(`seed account state must be one of ${ACCOUNT_STATES.join(', ')}`);
		const base = byKey.get(a.key);
		byKey.set(a.key, {
			key: a.key,
			email: a.email ?? base?.email ?? `${a.key}@example.com`,
			plan: a.plan ?? base?.plan ?? 'Pro',
			maxRedirects: a.maxRedirects ?? base?.maxRedirects ?? 5,
			state,
		});
	}
	return [...byKey.values()];
}

export class Store {
	/**
	 * @param {any[]} accounts merged seed accounts
	 * @param {any[]} [seedRedirects] seed.redirects (created again on every reset)
	 */
	constructor(accounts, seedRedirects = []) {
		this.seedAccounts = accounts;
		this.seedRedirects = seedRedirects;
		this.reset();
	}

	reset() {
		/** @type {Map<string, any>} */
		this.accounts = new Map(this.seedAccounts.map((a) => [a.key, { ...a }]));
		/** host -> redirect (internal form, owner = account key) */
		this.redirects = new Map();
		/** host -> { pointing, resolved? } */
		this.dns = new Map();
		this.nextPathId = 1;
		this.nextQrId = 1;
		this.applySeedRedirects();
	}

	/** Creates seed.redirects (validated like API input; throws a plain Error on bad seed data). */
	applySeedRedirects() {
		const now = Date.now();
		for (const s of this.seedRedirects) {
			try {
				if (!this.accounts.has(s.key)) throw new Error(`unknown key for ${s.host}`);
				const fields = checkRedirectBody(s, { partial: false });
				if (this.redirects.has(fields.host)) throw new Error(`duplicate host ${fields.host}`);
				const r = this.createRedirect(s.key, fields, now);
				if (s.status) {
					if (!STATUSES.includes(s.status)) throw new Error(`bad status ${s.status}`);
					r.status = s.status;
					if (s.status === 'pending') r.pendingSince = now;
					if (s.status === 'active') r.certificateExpiresAt = formatTime(now + CERT_LIFETIME_MS);
					if (s.status === 'error')
						r.errorMessage = s.errorMessage ?? 'The domain could not be verified';
				}
				if (s.dnsPointing !== undefined) this.dns.set(r.host, { pointing: s.dnsPointing === true });
				for (const p of s.paths ?? []) {
					const pf = checkPathBody(p, undefined);
					if (this.pathClash(r, pf.fromPath)) throw new Error(`duplicate path ${pf.fromPath}`);
					this.createPath(r, pf, now);
				}
				for (const q of s.qrCodes ?? []) {
					const { fromPath, ...rest } = q;
					const path =
						fromPath === undefined
							? undefined
							: this.pathClash(r, fromPath.startsWith('/') ? fromPath : `/${fromPath}`);
					if (fromPath !== undefined && !path)
						throw new Error(`qr code path ${fromPath} not found`);
					const qf = checkQrBody(path ? { ...rest, pathId: path.id } : rest, undefined, [
						...r.paths.keys(),
					]);
					this.createQr(r, qf, now);
				}
			} catch (err) {
				throw new Error(`invalid seed redirect ${s?.host}: ${err.message}`);
			}
		}
	}

	redirectsOf(key) {
		return [...this.redirects.values()].filter((r) => r.owner === key);
	}

	/** The caller's redirect, or undefined (other accounts' redirects do not exist for the caller). */
	findRedirect(key, host) {
		const r = this.redirects.get(String(host).toLowerCase());
		return r && r.owner === key ? r : undefined;
	}

	createRedirect(key, fields, now) {
		const r = {
			owner: key,
			host: fields.host,
			redirectTo: fields.redirectTo,
			redirectType: fields.redirectType ?? 301,
			followPath: fields.followPath ?? true,
			followQueryString: fields.followQueryString ?? true,
			status: 'not_configured',
			pendingSince: null,
			certificateExpiresAt: null,
			errorMessage: null,
			createdAt: now,
			paths: new Map(),
			qrCodes: new Map(),
		};
		this.redirects.set(r.host, r);
		return r;
	}

	deleteRedirect(r) {
		this.redirects.delete(r.host); // its paths and QR codes go with it
	}

	createPath(r, fields, now) {
		const p = {
			id: this.nextPathId++,
			fromPath: fields.fromPath,
			redirectTo: fields.redirectTo,
			absolute: fields.absolute ?? false,
			statusCode: fields.statusCode ?? 301,
			createdAt: now,
		};
		r.paths.set(p.id, p);
		return p;
	}

	/** A path of this redirect whose fromPath equals (case-insensitively) the given one. */
	pathClash(r, fromPath, exceptId) {
		const lower = fromPath.toLowerCase();
		return [...r.paths.values()].find(
			(p) => p.id !== exceptId && p.fromPath.toLowerCase() === lower,
		);
	}

	deletePath(r, p) {
		r.paths.delete(p.id);
		for (const q of [...r.qrCodes.values()]) if (q.pathId === p.id) r.qrCodes.delete(q.id);
	}

	createQr(r, fields, now) {
		const q = {
			id: this.nextQrId++,
			label: fields.label,
			pathId: fields.pathId ?? null,
			color: fields.color ?? '#0A0E14',
			format: fields.format ?? 'png',
			createdAt: now,
		};
		r.qrCodes.set(q.id, q);
		return q;
	}

	dnsFor(host) {
		const d = this.dns.get(host);
		const pointing = d?.pointing === true;
		const resolved =
			d?.resolved ?? (d === undefined ? [] : pointing ? [SERVICE_IP] : [ELSEWHERE_IP]);
		return { pointing, resolved };
	}

	/**
	 * Advances the state machine. checkDns: not_configured -> pending when DNS points (status endpoint
	 * and reads). Always: pending -> active once certDelayMs has passed since pending began.
	 */
	evaluate(r, now, certDelayMs, checkDns) {
		if (checkDns && r.status === 'not_configured' && this.dnsFor(r.host).pointing) {
			r.status = 'pending';
			r.pendingSince = now;
		}
		if (r.status === 'pending' && now - (r.pendingSince ?? now) >= certDelayMs) {
			r.status = 'active';
			r.certificateExpiresAt = formatTime(now + CERT_LIFETIME_MS);
		}
	}
}

export function accountJson(a) {
	return { email: a.email, plan: a.plan, maxRedirects: a.maxRedirects };
}

export function redirectJson(r) {
	return {
		host: r.host,
		redirectTo: r.redirectTo,
		redirectType: r.redirectType,
		followPath: r.followPath,
		followQueryString: r.followQueryString,
		status: r.status,
		dns: { type: 'A', name: r.host, value: SERVICE_IP },
		certificateExpiresAt: r.certificateExpiresAt,
		errorMessage: r.errorMessage,
		createdAt: formatTime(r.createdAt),
	};
}

export function pathJson(p) {
	return {
		id: p.id,
		fromPath: p.fromPath,
		redirectTo: p.redirectTo,
		absolute: p.absolute,
		statusCode: p.statusCode,
		createdAt: formatTime(p.createdAt),
	};
}

export function qrJson(r, q) {
	const path = q.pathId === null ? undefined : r.paths.get(q.pathId);
	return {
		id: q.id,
		label: q.label,
		pathId: q.pathId,
		color: q.color,
		format: q.format,
		url: `https://${r.host}${path ? path.fromPath : '/'}?_qr=${q.id}`,
		imageUrl: `/v1/redirects/${r.host}/qr-codes/${q.id}/image`,
		createdAt: formatTime(q.createdAt),
	};
}

export function statusReportJson(store, r) {
	const { pointing, resolved } = store.dnsFor(r.host);
	return {
		host: r.host,
		status: r.status,
		dns: {
			expected: { type: 'A', name: r.host, value: SERVICE_IP },
			resolved: [...resolved],
			pointing,
		},
		certificate: { expiresAt: r.certificateExpiresAt },
		errorMessage: r.errorMessage,
	};
}
