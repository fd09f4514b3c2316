/**
 * Whether a process with this pid exists. For telling whether the writer a leftover file names is
 * still running; a pid another process has taken since also counts as alive, which errs on the
 * side of leaving a file in place.
 */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
