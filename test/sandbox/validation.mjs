// Field validation for request bodies and query parameters. Every failure is a 400 validation_error
// whose message starts with the field name.
import { validation } from './util.mjs';

const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD_RE = /^[a-z][a-z0-9-]*[a-z0-9]$/; // at least 2 chars, not all digits
const COLOR_RE = /^#[0-9A-Fa-f]{6}$/;
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;

const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/** @returns {string} the lowercase host */
export function checkHost(value) {
	if (value === undefined || value === null || value === '') throw validation('host is required');
	if (typeof value !== 'string') throw validation('host must be a string');
	const host = value.toLowerCase();
	const labels = host.split('.');
	if (
		host.length > 253 ||
		labels.length < 2 ||
		!labels.every((l) => LABEL_RE.test(l)) ||
		!TLD_RE.test(labels[labels.length - 1])
	) {
		throw validation(
			'host must be a domain name such as promo.example.com (no scheme, port or path)',
		);
	}
	return host;
}

/** @returns {URL} */
export function checkFullUrl(field, value) {
	if (value === undefined || value === null || value === '')
		throw validation(`${field} is required`);
	if (typeof value !== 'string') throw validation(`${field} must be a string`);
	let url;
	try {
		url = /^https?:\/\//i.test(value) && !/\s/.test(value) ? new URL(value) : null;
	} catch {
		url = null;
	}
	if (!url || !url.hostname) {
		throw validation(`${field} must be a full URL starting with http:// or https://`);
	}
	return url;
}

function checkBool(field, value) {
	if (typeof value !== 'boolean') throw validation(`${field} must be a boolean (true or false)`);
	return value;
}

function checkOneOf(field, value, allowed) {
	if (typeof value !== 'number' || !allowed.includes(value)) {
		throw validation(`${field} must be one of ${allowed.join(', ')} (a number)`);
	}
	return value;
}

/** Redirect create (partial=false) or PATCH (partial=true). Returns the fields to set. */
export function checkRedirectBody(body, { partial, currentHost }) {
	const out = {};
	if (partial) {
		if (has(body, 'host')) throw validation('host cannot be changed');
	} else {
		out.host = checkHost(body.host);
	}
	const host = partial ? currentHost : out.host;
	if (!partial || has(body, 'redirectTo')) {
		const url = checkFullUrl('redirectTo', body.redirectTo);
		if (url.hostname.toLowerCase() === host) {
			throw validation('redirectTo must be on a different domain than host');
		}
		out.redirectTo = body.redirectTo;
	}
	if (has(body, 'redirectType'))
		out.redirectType = checkOneOf('redirectType', body.redirectType, [301, 302]);
	if (has(body, 'followPath')) out.followPath = checkBool('followPath', body.followPath);
	if (has(body, 'followQueryString'))
		out.followQueryString = checkBool('followQueryString', body.followQueryString);
	return out;
}

function checkFromPath(value) {
	if (value === undefined || value === null || value === '')
		throw validation('fromPath is required');
	if (typeof value !== 'string') throw validation('fromPath must be a string');
	const path = value.startsWith('/') ? value : `/${value}`;
	if (/[\s?#]/.test(path)) throw validation('fromPath must not contain spaces, ? or #');
	if (path === '/')
		throw validation('fromPath must name a path such as /promo (not the domain root)');
	if (path.length > 2048) throw validation('fromPath must be at most 2048 characters');
	return path;
}

function checkPathTarget(value, absolute) {
	if (absolute) {
		checkFullUrl('redirectTo', value);
		return value;
	}
	if (value === undefined || value === null || value === '')
		throw validation('redirectTo is required');
	if (typeof value !== 'string') throw validation('redirectTo must be a string');
	if (SCHEME_RE.test(value) || value.startsWith('//')) {
		throw validation(
			'redirectTo must be a path such as /landing when absolute is false (set absolute to true for a full URL)',
		);
	}
	if (/\s/.test(value)) throw validation('redirectTo must not contain spaces');
	return value.startsWith('/') ? value : `/${value}`;
}

/** Path create (current=undefined) or PATCH (current = the stored path). */
export function checkPathBody(body, current) {
	const out = {};
	if (!current || has(body, 'fromPath')) out.fromPath = checkFromPath(body.fromPath);
	if (has(body, 'absolute')) out.absolute = checkBool('absolute', body.absolute);
	if (has(body, 'statusCode'))
		out.statusCode = checkOneOf('statusCode', body.statusCode, [301, 302, 307, 308]);
	const absolute = out.absolute ?? current?.absolute ?? false;
	if (!current || has(body, 'redirectTo') || has(out, 'absolute')) {
		const target = has(body, 'redirectTo') || !current ? body.redirectTo : current.redirectTo;
		out.redirectTo = checkPathTarget(target, absolute);
	}
	return out;
}

/** QR create (current=undefined) or PATCH. pathIds: the ids of this redirect's paths. */
export function checkQrBody(body, current, pathIds) {
	const out = {};
	if (!current || has(body, 'label')) {
		const v = body.label;
		if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
			throw validation('label is required');
		}
		if (typeof v !== 'string') throw validation('label must be a string');
		if (v.length > 500) throw validation('label must be at most 500 characters');
		out.label = v;
	}
	if (has(body, 'pathId')) {
		const v = body.pathId;
		if (v === null) out.pathId = null;
		else if (typeof v !== 'number' || !Number.isInteger(v))
			throw validation('pathId must be a number or null');
		else if (!pathIds.includes(v))
			throw validation(`pathId ${v} is not a custom path of this redirect`);
		else out.pathId = v;
	}
	if (has(body, 'color')) {
		if (typeof body.color !== 'string' || !COLOR_RE.test(body.color)) {
			throw validation('color must be a hex color in the form #RRGGBB');
		}
		out.color = body.color;
	}
	if (has(body, 'format')) {
		if (!['png', 'svg', 'pdf'].includes(body.format))
			throw validation('format must be one of png, svg, pdf');
		out.format = body.format;
	}
	return out;
}

/** Image query: format png|svg (default png), size integer 64..2048 (default 512). */
export function checkImageQuery(query) {
	const format = query.get('format') ?? 'png';
	if (format !== 'png' && format !== 'svg') throw validation('format must be png or svg');
	const rawSize = query.get('size');
	let size = 512;
	if (rawSize !== null) {
		if (!/^\d+$/.test(rawSize)) throw validation('size must be an integer from 64 to 2048');
		size = Number(rawSize);
		if (size < 64 || size > 2048) throw validation('size must be an integer from 64 to 2048');
	}
	return { format, size };
}
