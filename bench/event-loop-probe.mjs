// Loaded into a server process by the bench (`node --import bench/event-loop-probe.mjs ...`): it
// measures the process's own event-loop delay, so the figure is the server's, not the delay the
// bench process adds while it builds megabytes of request bodies. On SIGUSR2 it writes the
// maximum since the previous signal to EVENT_LOOP_PROBE_FILE and starts over.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('SIGUSR2', () => {
  if (file) writeFileSync(file, JSON.stringify({ maxMs: histogram.max / 1e6 }));
  histogram.reset();
});
