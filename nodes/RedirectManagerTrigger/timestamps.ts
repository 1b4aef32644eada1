const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Reads a timestamp of the service. The spec does not show the format of certificateExpiresAt, so
 * ISO 8601 with or without an offset, a date alone, and epoch seconds or milliseconds are accepted;
 * a time without an offset is taken as UTC, a date alone as its first instant in UTC.
 */
export function parseTimestamp(value: unknown): Date | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) {
		return new Date(value < 1e12 ? value * 1000 : value);
	}
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	let text = value.trim();
	if (DATE_ONLY.test(text)) text = `${text}T00:00:00Z`;
	else if (WITHOUT_OFFSET.test(text)) text = `${text.replace(' ', 'T')}Z`;
	const time = Date.parse(text);
	return Number.isNaN(time) ? undefined : new Date(time);
}
