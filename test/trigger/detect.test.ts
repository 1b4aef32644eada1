// The pure rules behind the trigger, without the service: event selection and timestamp parsing.
import { describe, expect, it } from 'vitest';

import type {
	EventKind,
	KnownRedirects,
	WatchSettings,
} from '../../nodes/RedirectManagerTrigger/events';
import { detectEvents } from '../../nodes/RedirectManagerTrigger/events';
import { parseTimestamp } from '../../nodes/RedirectManagerTrigger/timestamps';

const NOW = new Date('2026-06-01T12:00:00Z');

const settings = (events: EventKind[], hosts: string[] = []): WatchSettings => ({
	events,
	hosts,
	certificateExpiryDays: 14,
	now: NOW,
});

const known = (status: string, extra = {}): KnownRedirects[string] => ({
	status,
	redirectTo: 'https://destination.example.org/',
	certificateExpiresAt: null,
	...extra,
});

describe('one item per change, as the most specific selected kind', () => {
	const previous: KnownRedirects = { 'a.example.com': known('active') };
	const current = [{ host: 'a.example.com', status: 'error' }];

	it.each<[EventKind[], string | undefined]>([
		[['statusChanged'], 'statusChanged'],
		[['becameErrorOrDisabled'], 'becameErrorOrDisabled'],
		[['statusChanged', 'becameErrorOrDisabled'], 'becameErrorOrDisabled'],
		[['becameActive'], undefined],
		[['becameActive', 'statusChanged'], 'statusChanged'],
	])('selected %j → %s', (events, expected) => {
		const { events: items } = detectEvents(previous, current, settings(events));
		expect(items.map((item) => item.event)).toEqual(expected ? [expected] : []);
	});
});

describe('state', () => {
	it('forgets a deleted host even when the filter hides its deletion', () => {
		const previous: KnownRedirects = {
			'a.example.com': known('active'),
			'b.example.com': known('active'),
		};
		const result = detectEvents(
			previous,
			[{ host: 'a.example.com', status: 'active' }],
			settings(['redirectDeleted'], ['a.example.com']),
		);
		expect(result.events).toEqual([]);
		expect(Object.keys(result.known)).toEqual(['a.example.com']);
	});

	it('records a certificate as announced only when it was reported', () => {
		const expiring = [
			{ host: 'a.example.com', status: 'active', certificateExpiresAt: '2026-06-05T00:00:00' },
		];
		const quiet = detectEvents({}, expiring, settings(['statusChanged']));
		expect(quiet.known['a.example.com'].announcedExpiry).toBeUndefined();

		const reported = detectEvents(quiet.known, expiring, settings(['certificateExpiring']));
		expect(reported.events).toEqual([
			expect.objectContaining({
				event: 'certificateExpiring',
				certificateExpiresAt: '2026-06-05T00:00:00.000Z',
				daysUntilExpiry: 3,
			}),
		]);
		expect(reported.known['a.example.com'].announcedExpiry).toBe('2026-06-05T00:00:00.000Z');
		// The same instant written differently is the same certificate.
		const rewritten = [{ ...expiring[0], certificateExpiresAt: '2026-06-05T02:00:00+02:00' }];
		expect(
			detectEvents(reported.known, rewritten, settings(['certificateExpiring'])).events,
		).toEqual([]);
	});
});

describe('parseTimestamp', () => {
	it.each([
		['2026-06-05T10:20:30', '2026-06-05T10:20:30.000Z'],
		['2026-06-05 10:20', '2026-06-05T10:20:00.000Z'],
		['2026-06-05T10:20:30.5', '2026-06-05T10:20:30.500Z'],
		['2026-06-05T10:20:30Z', '2026-06-05T10:20:30.000Z'],
		['2026-06-05T10:20:30+02:00', '2026-06-05T08:20:30.000Z'],
		['2026-06-05T10:20:30-0130', '2026-06-05T11:50:30.000Z'],
		['2026-06-05', '2026-06-05T00:00:00.000Z'],
		[1780000000, '2026-05-28T20:26:40.000Z'],
		[1780000000000, '2026-05-28T20:26:40.000Z'],
	])('%s', (input, expected) => {
		expect(parseTimestamp(input)?.toISOString()).toBe(expected);
	});

	it.each([null, undefined, '', 'soon', {}])('%j is no time', (input) => {
		expect(parseTimestamp(input)).toBeUndefined();
	});
});
