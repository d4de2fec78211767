// Runs a function in a forked child process and captures what it writes to stderr, so that a
// test can watch an emulator check stop a deliberately broken kernel (the checks abort).
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace xcub_test {

struct child_result {
  bool exited = false;  // ended through exit(); false: killed by a signal
  int exit_code = 0;
  int signal = 0;  // the signal that ended it, if one did
  std::string err;  // everything it wrote to stderr

  bool died() const { return !exited || exit_code != 0; }
};

/// Forks; the child runs `body()` with its stderr in a pipe, its stdout on /dev/null, no core
/// dumps, default handlers for the fatal signals (the test framework's would report a crash),
/// and 60 s to live; then it ends with _exit(0). The parent collects stderr and the status.
template <class Body>
child_result run_in_child(Body&& body) {
  std::fflush(nullptr);
  std::cout.flush();
  std::cerr.flush();
  int fds[2];
  if (pipe(fds) != 0) return child_result{true, -1, 0, "pipe() failed"};
  const pid_t pid = fork();
  if (pid < 0) return child_result{true, -1, 0, "fork() failed"};
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDERR_FILENO);
    close(fds[1]);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO);
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGALRM}) signal(sig, SIG_DFL);
    alarm(60);  // a check that fails to fire must not hang the test run
    try {
      body();
    } catch (...) {  // never back into the parent's test framework
      std::fputs("run_in_child: the body threw\n", stderr);
      _exit(3);
    }
    std::fflush(nullptr);
    _exit(0);
  }
  close(fds[1]);
  child_result r;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) r.err.append(buf, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR) break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.exited = WIFEXITED(status);
  r.exit_code = r.exited ? WEXITSTATUS(status) : 0;
  r.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return r;
}

}  // namespace xcub_test
