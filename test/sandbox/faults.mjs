// Fault injection rules for /v1 requests (checked in order; the first matching rule applies).
import { prng, validation } from './util.mjs';

const CODES = {
	400: 'validation_error',
	401: 'invalid_api_key',
	403: 'api_not_enabled',
	404: 'not_found',
	408: 'request_timeout',
	409: 'conflict',
	413: 'payload_too_large',
	429: 'rate_limited',
	500: 'internal_error',
	502: 'bad_gateway',
	503: 'service_unavailable',
	504: 'gateway_timeout',
};

export const faultCode = (status) => CODES[status] ?? `http_${status}`;

export class Faults {
	constructor(seed) {
		this.seed = seed;
		this.reset();
	}

	reset() {
		this.rules = [];
		this.nextId = 1;
		this.random = prng(this.seed);
	}

	/** Validates and adds a rule; returns it. */
	add(body) {
		const kind = body.kind ?? (body.status !== undefined ? 'status' : undefined);
		if (!['status', 'reset', 'delay'].includes(kind)) {
			throw validation('kind must be one of status, reset, delay (or give status)');
		}
		const rule = {
			id: this.nextId++,
			kind,
			status: null,
			delayMs: null,
			retryAfter: null,
			methods: null,
			pathPrefix: '/v1',
			after: false,
			remaining: null,
			probability: null,
		};
		if (kind === 'status') {
			if (!Number.isInteger(body.status) || body.status < 400 || body.status > 599) {
				throw validation('status must be an HTTP error status (400-599)');
			}
			rule.status = body.status;
			if (body.retryAfter !== undefined) {
				if (!Number.isInteger(body.retryAfter) || body.retryAfter < 0)
					throw validation('retryAfter must be an integer >= 0');
				rule.retryAfter = body.retryAfter;
			}
		}
		if (kind === 'delay') {
			if (!Number.isInteger(body.delayMs) || body.delayMs < 0)
				throw validation('delayMs must be an integer >= 0');
			rule.delayMs = body.delayMs;
		}
		if (body.methods !== undefined) {
			if (!Array.isArray(body.methods) || !body.methods.every((m) => typeof m === 'string')) {
				throw validation('methods must be an array of HTTP method names');
			}
			rule.methods = body.methods.map((m) => m.toUpperCase());
		}
		if (body.pathPrefix !== undefined) {
			if (typeof body.pathPrefix !== 'string') throw validation('pathPrefix must be a string');
			rule.pathPrefix = body.pathPrefix;
		}
		if (body.after !== undefined) {
			if (typeof body.after !== 'boolean') throw validation('after must be a boolean');
			rule.after = body.after;
		}
		if (body.probability !== undefined) {
			if (typeof body.probability !== 'number' || body.probability < 0 || body.probability > 1) {
				throw validation('probability must be a number from 0 to 1');
			}
			rule.probability = body.probability;
		}
		if (body.count !== undefined) {
			if (!Number.isInteger(body.count) || body.count < 1)
				throw validation('count must be an integer >= 1');
			rule.remaining = body.count;
		} else if (rule.probability === null) {
			rule.remaining = 1;
		}
		if (body.seed !== undefined) {
			if (typeof body.seed !== 'number') throw validation('seed must be a number');
			this.random = prng(body.seed);
		}
		this.rules.push(rule);
		return { ...rule };
	}

	list() {
		return this.rules.map((r) => ({ ...r }));
	}

	/** The rule that affects this request (consuming one use of it), or null. */
	match(method, path) {
		for (const rule of this.rules) {
			if (rule.methods && !rule.methods.includes(method)) continue;
			if (!path.startsWith(rule.pathPrefix)) continue;
			if (rule.probability !== null && !(this.random() < rule.probability)) continue;
			if (rule.remaining !== null) {
				rule.remaining--;
				if (rule.remaining <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
			}
			return rule;
		}
		return null;
	}
}
