import type { IDataObject } from 'n8n-workflow';

import { parseTimestamp } from './timestamps';

export type EventKind =
	| 'statusChanged'
	| 'becameActive'
	| 'becameErrorOrDisabled'
	| 'newRedirect'
	| 'redirectDeleted'
	| 'certificateExpiring';

/** What the trigger remembers of one redirect between polls (workflow static data, keyed by host). */
export interface KnownRedirect {
	status: string | null;
	redirectTo: string | null;
	certificateExpiresAt: string | null;
	/** The certificate expiry (ISO, UTC) that Certificate Expiring already announced. */
	announcedExpiry?: string;
}

export type KnownRedirects = Record<string, KnownRedirect>;

export interface WatchSettings {
	events: EventKind[];
	/** Lower-case hosts whose events are reported; empty means all. */
	hosts: string[];
	certificateExpiryDays: number;
	now: Date;
}

const DAY_MS = 86_400_000;
const ERROR_OR_DISABLED = ['error', 'disabled'];

export const hostOf = (redirect: IDataObject) =>
	String(redirect.host ?? '')
		.trim()
		.toLowerCase();

export const isWatched = (settings: WatchSettings, host: string) =>
	settings.hosts.length === 0 || settings.hosts.includes(host);

/**
 * Compares the redirects as last seen with the current list. Returns the events to emit and the
 * state to store: every listed host is remembered, also hosts the filter hides, so changing the
 * filter later does not report their whole history at once.
 */
export function detectEvents(
	previous: KnownRedirects,
	redirects: IDataObject[],
	settings: WatchSettings,
): { events: IDataObject[]; known: KnownRedirects } {
	const selected = new Set(settings.events);
	const known: KnownRedirects = {};
	const events: IDataObject[] = [];

	for (const redirect of redirects) {
		const host = hostOf(redirect);
		if (!host) continue;
		const before = previous[host];
		const current: KnownRedirect = {
			status: stringOrNull(redirect.status),
			redirectTo: stringOrNull(redirect.redirectTo),
			certificateExpiresAt: stringOrNull(redirect.certificateExpiresAt),
			announcedExpiry: before?.announcedExpiry,
		};
		known[host] = current;
		if (!isWatched(settings, host)) continue;

		const change = before
			? statusChangeKind(before.status, current.status, selected)
			: selected.has('newRedirect')
				? 'newRedirect'
				: undefined;
		if (change)
			events.push(eventItem(change, host, before?.status ?? null, redirect, settings.now));

		const expiring = selected.has('certificateExpiring')
			? expiringCertificate(redirect, current.announcedExpiry, settings)
			: undefined;
		if (expiring) {
			current.announcedExpiry = expiring.expiresAt;
			events.push(
				eventItem('certificateExpiring', host, before?.status ?? null, redirect, settings.now, {
					daysUntilExpiry: expiring.daysUntilExpiry,
				}),
			);
		}
	}

	if (selected.has('redirectDeleted')) {
		for (const [host, before] of Object.entries(previous)) {
			if (known[host] || !isWatched(settings, host)) continue;
			const lastSeen = {
				host,
				status: before.status,
				redirectTo: before.redirectTo,
				certificateExpiresAt: before.certificateExpiresAt,
			};
			events.push({
				...eventItem('redirectDeleted', host, before.status, lastSeen, settings.now),
				status: null,
			});
		}
	}
	return { events, known };
}

/**
 * One item per change of a host: a change that matches a specific kind (Became Active, Went to Error
 * or Disabled) is reported as that kind when it is selected, else as Status Changed.
 */
function statusChangeKind(
	before: string | null,
	after: string | null,
	selected: Set<EventKind>,
): EventKind | undefined {
	if (before === after) return undefined;
	if (after === 'active' && selected.has('becameActive')) return 'becameActive';
	if (
		after !== null &&
		ERROR_OR_DISABLED.includes(after) &&
		selected.has('becameErrorOrDisabled')
	) {
		return 'becameErrorOrDisabled';
	}
	return selected.has('statusChanged') ? 'statusChanged' : undefined;
}

/** A certificate inside the window that was not announced yet (a renewal changes its expiry). */
function expiringCertificate(
	redirect: IDataObject,
	announcedExpiry: string | undefined,
	settings: WatchSettings,
): { expiresAt: string; daysUntilExpiry: number } | undefined {
	const expiresAt = parseTimestamp(redirect.certificateExpiresAt);
	if (!expiresAt || expiresAt.toISOString() === announcedExpiry) return undefined;
	const msLeft = expiresAt.getTime() - settings.now.getTime();
	if (msLeft > settings.certificateExpiryDays * DAY_MS) return undefined;
	return { expiresAt: expiresAt.toISOString(), daysUntilExpiry: Math.floor(msLeft / DAY_MS) };
}

/** "Fetch Test Event": the most recently created redirect, shaped like a real event. */
export function sampleEvent(
	redirects: IDataObject[],
	settings: WatchSettings,
): IDataObject | undefined {
	const createdAt = (redirect: IDataObject) =>
		parseTimestamp(redirect.createdAt)?.getTime() ?? Number.NEGATIVE_INFINITY;
	let newest: IDataObject | undefined;
	for (const redirect of redirects) {
		if (!hostOf(redirect) || !isWatched(settings, hostOf(redirect))) continue;
		// createdAt has one-second resolution: on a tie the one listed later wins.
		if (!newest || createdAt(redirect) >= createdAt(newest)) newest = redirect;
	}
	if (!newest) return undefined;
	const event = settings.events[0] ?? 'statusChanged';
	const expiring = expiringCertificate(newest, undefined, {
		...settings,
		certificateExpiryDays: Number.POSITIVE_INFINITY,
	});
	return eventItem(event, hostOf(newest), null, newest, settings.now, {
		...(expiring ? { daysUntilExpiry: expiring.daysUntilExpiry } : {}),
	});
}

function eventItem(
	event: EventKind,
	host: string,
	previousStatus: string | null,
	redirect: IDataObject,
	now: Date,
	extra: IDataObject = {},
): IDataObject {
	const certificateExpiresAt = parseTimestamp(redirect.certificateExpiresAt);
	return {
		event,
		host,
		previousStatus,
		status: stringOrNull(redirect.status),
		detectedAt: now.toISOString(),
		redirect,
		...(redirect.errorMessage ? { errorMessage: redirect.errorMessage } : {}),
		...(certificateExpiresAt ? { certificateExpiresAt: certificateExpiresAt.toISOString() } : {}),
		...extra,
	};
}

function stringOrNull(value: unknown): string | null {
	return value === undefined || value === null ? null : String(value);
}
