// Per-key rate limiter. sliding: at most `limit` requests in any trailing window of `windowMs` (a log of
// arrival times). fixed: `limit` per window aligned to multiples of `windowMs` since `epoch`.

export class RateLimiter {
	constructor({ limit, windowMs, mode, epoch }) {
		this.limit = limit;
		this.windowMs = windowMs;
		this.mode = mode;
		this.epoch = epoch;
		/** @type {Map<string, number[]>} sliding: arrival times; fixed: [windowIndex, count] */
		this.state = new Map();
	}

	clear() {
		this.state.clear();
	}

	/**
	 * Counts the request if allowed. Returns null when allowed, or the milliseconds until a slot frees.
	 * @returns {number | null}
	 */
	take(key, now) {
		if (this.mode === 'fixed') {
			const index = Math.floor((now - this.epoch) / this.windowMs);
			let s = this.state.get(key);
			if (!s || s[0] !== index) {
				s = [index, 0];
				this.state.set(key, s);
			}
			if (s[1] >= this.limit) return this.epoch + (index + 1) * this.windowMs - now;
			s[1]++;
			return null;
		}
		let log = this.state.get(key);
		if (!log) {
			log = [];
			this.state.set(key, log);
		}
		while (log.length && log[0] <= now - this.windowMs) log.shift();
		if (log.length >= this.limit) return log[log.length - this.limit] + this.windowMs - now;
		log.push(now);
		return null;
	}
}
