import { sleep } from 'n8n-workflow';

/**
 * Lets at most `limit` requests start within any `windowMs` interval (a sliding window), and
 * pauses everyone after the service answers 429. A request counts from the moment it is
 * granted until `windowMs` after its answer arrived: the service saw it somewhere in between,
 * so this is exact for a sliding-window server and never exceeds a fixed-window one.
 */
export class RequestPacer {
	private readonly answeredAt: number[] = [];

	private inFlight = 0;

	private pausedUntil = 0;

	private readonly waiting: Array<() => void> = [];

	private wakeUpAt = 0;

	constructor(
		public limit: number,
		public windowMs: number,
	) {}

	/** Waits for a slot; the returned function must be called once the answer (or failure) is in. */
	async acquire(): Promise<() => void> {
		await new Promise<void>((resolve) => {
			this.waiting.push(resolve);
			this.grant();
		});
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.inFlight--;
			if (this.limit > 0) this.answeredAt.push(Date.now());
			this.grant();
		};
	}

	pauseFor(ms: number) {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	private grant() {
		while (this.waiting.length > 0) {
			const delay = this.delayBeforeNextStart(Date.now());
			if (delay === 'untilAnAnswer') return;
			if (delay > 0) {
				this.wakeUpIn(delay);
				return;
			}
			this.inFlight++;
			this.waiting.shift()!();
		}
	}

	private delayBeforeNextStart(now: number): number | 'untilAnAnswer' {
		if (this.pausedUntil > now) return this.pausedUntil - now;
		if (this.limit <= 0) return 0;
		while (this.answeredAt.length > 0 && this.answeredAt[0] + this.windowMs < now) {
			this.answeredAt.shift();
		}
		const excess = this.answeredAt.length + this.inFlight - this.limit + 1;
		if (excess <= 0) return 0;
		if (excess > this.answeredAt.length) return 'untilAnAnswer';
		// +1 ms: a server that counts its window inclusively still sees the old request as expired
		return this.answeredAt[excess - 1] + this.windowMs - now + 1;
	}

	private wakeUpIn(ms: number) {
		const at = Date.now() + ms;
		if (this.wakeUpAt > Date.now() && this.wakeUpAt <= at) return;
		this.wakeUpAt = at;
		void sleep(ms).then(() => {
			if (this.wakeUpAt === at) this.wakeUpAt = 0;
			this.grant();
		});
	}
}

const pacers = new Map<string, RequestPacer>();

/** One pacer per API key and service, shared by every execution in this n8n process. */
export function pacerFor(id: string, limit: number, windowMs: number): RequestPacer {
	let pacer = pacers.get(id);
	if (!pacer) {
		pacer = new RequestPacer(limit, windowMs);
		pacers.set(id, pacer);
	}
	pacer.limit = limit;
	pacer.windowMs = windowMs;
	return pacer;
}
