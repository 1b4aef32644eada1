/**
 * Read-back comparisons after a lost creation answer. The service may store values normalised
 * (a trailing slash on a URL, a leading slash on a path, ids as strings), so compare loosely.
 */
export function sameTarget(stored: unknown, sent: unknown): boolean {
	const normalise = (value: unknown) => {
		const text = String(value ?? '').trim();
		try {
			return new URL(text).href;
		} catch {
			return `/${text.replace(/^\/+/, '')}`;
		}
	};
	return normalise(stored) === normalise(sent);
}

/** Ids compare as text; null and undefined (the domain itself) are equal. */
export function sameId(stored: unknown, sent: unknown): boolean {
	return String(stored ?? '') === String(sent ?? '');
}
