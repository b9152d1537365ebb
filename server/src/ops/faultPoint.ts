// The crash tests' way in (server/src/faults): with PROSPECTIE_FAULT=<name>, a process that reaches faultPoint(<name>)
// ends itself at once with SIGKILL, as a power cut or the kernel's OOM killer would. Never outside tests.
export function faultPoint(name: string) {
  if (process.env.NODE_ENV === 'test' && process.env.PROSPECTIE_FAULT === name) process.kill(process.pid, 'SIGKILL');
}
