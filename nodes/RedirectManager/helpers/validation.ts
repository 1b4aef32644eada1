import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The one way the node rejects bad input: before any request, naming the field and the item. */
export function invalidInput(
	context: IExecuteFunctions,
	itemIndex: number,
	field: string,
	problem: string,
): NodeOperationError {
	const error = new NodeOperationError(
		context.getNode(),
		`Invalid ${field} on item ${itemIndex}: ${problem}`,
		{
			itemIndex,
			description: `Fix "${field}" for item ${itemIndex} (counting from 0) and run again. No request was sent for this item.`,
		},
	);
	error.context.code = 'invalid_input';
	return error;
}

// Hosts are case-insensitive; the pattern is also the "By Host" mode's check, which n8n applies as is.
const HOST_PATTERN =
	/^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z][a-zA-Z0-9-]{0,61}[a-zA-Z0-9]$/;
export const HOST_REGEX_SOURCE = HOST_PATTERN.source;
const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

export function validHost(
	context: IExecuteFunctions,
	i: number,
	field: string,
	value: unknown,
): string {
	const host = String(value ?? '')
		.trim()
		.toLowerCase();
	if (!host) throw invalidInput(context, i, field, 'a host is required, such as promo.example.com');
	if (!HOST_PATTERN.test(host)) {
		throw invalidInput(
			context,
			i,
			field,
			`${show(value)} is not a domain name; use only the host, such as promo.example.com (no https://, no path)`,
		);
	}
	return host;
}

const FULL_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

function parsesAsUrl(text: string): boolean {
	try {
		return Boolean(new URL(text).hostname);
	} catch {
		return false;
	}
}

export function validUrl(
	context: IExecuteFunctions,
	i: number,
	field: string,
	value: unknown,
): string {
	const url = String(value ?? '').trim();
	if (!FULL_URL.test(url) || !parsesAsUrl(url)) {
		throw invalidInput(
			context,
			i,
			field,
			`${show(value)} is not a full URL starting with http:// or https://`,
		);
	}
	return url;
}

export function validDestination(
	context: IExecuteFunctions,
	i: number,
	host: string | undefined,
	value: unknown,
): string {
	const url = validUrl(context, i, 'Redirect To', value);
	if (host && new URL(url).hostname.toLowerCase() === host) {
		throw invalidInput(context, i, 'Redirect To', `it must point to another domain than ${host}`);
	}
	return url;
}

export function validChoice<T extends number | string>(
	context: IExecuteFunctions,
	i: number,
	field: string,
	value: unknown,
	allowed: readonly T[],
): T {
	const match = allowed.find((choice) => String(choice) === String(value).trim());
	if (match === undefined) {
		throw invalidInput(context, i, field, `${show(value)} is not one of ${allowed.join(', ')}`);
	}
	return match;
}

export function validBoolean(
	context: IExecuteFunctions,
	i: number,
	field: string,
	value: unknown,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalidInput(context, i, field, `${show(value)} is not true or false`);
}

export function validColor(context: IExecuteFunctions, i: number, value: unknown): string {
	const color = String(value ?? '').trim();
	if (!COLOR_PATTERN.test(color)) {
		throw invalidInput(context, i, 'Color', `${show(value)} is not a hex color like #0A0E14`);
	}
	return color.toUpperCase();
}

export function validFromPath(context: IExecuteFunctions, i: number, value: unknown): string {
	const raw = String(value ?? '').trim();
	if (!raw || raw === '/')
		throw invalidInput(context, i, 'From Path', 'a path such as /promo is required');
	if (/[\s?#]/.test(raw)) {
		throw invalidInput(context, i, 'From Path', `${show(value)} must not contain spaces, ? or #`);
	}
	return raw.startsWith('/') ? raw : `/${raw}`;
}

/** `absolute` is undefined on updates that leave it as stored: then any non-empty target is sent. */
export function validPathTarget(
	context: IExecuteFunctions,
	i: number,
	absolute: boolean | undefined,
	value: unknown,
): string {
	if (absolute === true) return validUrl(context, i, 'Redirect To', value);
	const path = String(value ?? '').trim();
	if (!path) {
		throw invalidInput(
			context,
			i,
			'Redirect To',
			'a path on the destination, such as /spring-sale, is required',
		);
	}
	if (absolute === false && /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
		throw invalidInput(
			context,
			i,
			'Redirect To',
			`${show(value)} is a full URL: turn on Absolute, or give a path on the destination such as /spring-sale`,
		);
	}
	return path;
}

export function validLabel(context: IExecuteFunctions, i: number, value: unknown): string {
	const label = String(value ?? '').trim();
	if (!label) throw invalidInput(context, i, 'Label', 'a label is required');
	return label;
}

export function validId(
	context: IExecuteFunctions,
	i: number,
	field: string,
	value: unknown,
): number {
	const raw = String(value ?? '').trim();
	if (!/^\d+$/.test(raw))
		throw invalidInput(context, i, field, `${show(value)} is not a numeric id`);
	return Number(raw);
}

export function validLimit(context: IExecuteFunctions, i: number, value: unknown): number {
	const limit = Number(value);
	if (!Number.isInteger(limit) || limit < 1) {
		throw invalidInput(context, i, 'Limit', `${show(value)} must be a whole number of 1 or more`);
	}
	return limit;
}

export function validSize(context: IExecuteFunctions, i: number, value: unknown): number {
	const size = Number(value);
	if (!Number.isInteger(size) || size < 64 || size > 2048) {
		throw invalidInput(
			context,
			i,
			'Size',
			`${show(value)} must be a whole number of pixels from 64 to 2048`,
		);
	}
	return size;
}
