// Runs the sandbox in its own process for the benchmark, so that the server's work does not share
// the event loop (or the CPU core) of the n8n execution being measured. Options come as JSON in
// BENCH_SANDBOX_OPTIONS; the first stdout line is {"url": "..."}. Stops on SIGTERM or when stdin closes.
import { startSandbox } from '../test/sandbox/server.mjs';

const options = JSON.parse(process.env.BENCH_SANDBOX_OPTIONS ?? '{}');
const sandbox = await startSandbox(options);
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);

const stop = () => {
	void sandbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
