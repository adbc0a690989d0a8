// CPU time (user + system) of a call, in ms. The CI machine is shared, so wall-clock budgets would flake
// under load; CPU time measures the work done by this process.
export function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
