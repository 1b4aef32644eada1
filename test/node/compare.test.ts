import { describe, expect, it } from 'vitest';

import { sameId, sameTarget } from '../../nodes/RedirectManager/helpers/compare';

describe('read-back comparisons tolerate how a service may store values', () => {
	it.each([
		['https://www.example.org', 'https://www.example.org/'],
		['HTTPS://WWW.Example.org/landing', 'https://www.example.org/landing'],
		['/sale', 'sale'],
		['/sale', '/sale'],
	])('%s is the same target as %s', (stored, sent) => {
		expect(sameTarget(stored, sent)).toBe(true);
	});

	it.each([
		['https://www.example.org/a', 'https://www.example.org/b'],
		['/sale', '/Sale'],
		['https://www.example.org/sale', '/sale'],
	])('%s is not the same target as %s', (stored, sent) => {
		expect(sameTarget(stored, sent)).toBe(false);
	});

	it('compares ids as text and treats null and undefined as the domain itself', () => {
		expect(sameId(3, '3')).toBe(true);
		expect(sameId(null, undefined)).toBe(true);
		expect(sameId(null, 3)).toBe(false);
		expect(sameId(3, 4)).toBe(false);
	});
});
