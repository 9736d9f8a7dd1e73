/*
 * A live Auto Layout engine for LayoutLab's external-engine protocol (docs/external-engines.md),
 * written against the public AppKit API only, so that the same file builds two ways:
 *   - on Linux against GNUstep master (gcc, gcc's runtime, no ARC): Engines/appkit/build-gnustep-master.sh
 *   - on macOS against Apple's AppKit (clang -fobjc-arc):             Engines/appkit/build-macos.sh
 *
 * Reads JSON lines on standard input and answers on standard output:
 *   {"type":"scenario","scenario":{…scenario file…}}   -> {"ok":true}
 *   {"type":"size","width":W,"height":H}                -> {"frames":{"id":[x,y,width,height],…}}
 *   {"type":"end"}                                      -> {"ok":true}
 * Anything it cannot do is answered {"error":"…"}; exceptions the framework raises (e.g. a required
 * constraint the solver cannot satisfy) become errors naming the exception.
 *
 * The scenario becomes a borderless window (defer:YES) whose content view is the root; the root and
 * every view are flipped, so frames are top-left, y-down, as in the lab. Each view gets its frame,
 * its autoresizing mask (UIKit bits are AppKit's bits in a flipped superview: flexibleTopMargin, the
 * margin at the origin's side, is NSViewMinYMargin there), translatesAutoresizingMaskIntoConstraints
 * ("translatesMask", default true), an intrinsic content size through -intrinsicContentSize, and its
 * hugging and compression-resistance priorities, all before any constraint exists. Then the masks
 * are translated (a first -layoutSubtreeIfNeeded), the hand-written constraints are made with
 * +constraintWithItem:… and installed with -addConstraint: on the two items' nearest common ancestor
 * (file order; "active": false ones are made and not installed), then the "visualFormat" entries
 * through +constraintsWithVisualFormat:…, and the tree is laid out. Each size sets the window's
 * content size (falling back on the root's frame size if the window does not give the root exactly
 * that size), calls -layoutSubtreeIfNeeded on the root and prints every view's frame.
 *
 * AppKit has no margin attributes (leftMargin, …, centerYWithinMargins are UIKit's): a scenario
 * that uses them is answered with an error, and so is a UIKit scroll view. Layout margins, safe
 * areas and view-controller settings only matter to those attributes and are ignored. Visual
 * Format entries are parsed by AppKit's own parser whatever their "platform" says (AppKit's `|-` is
 * the edge plus 20 points, UIKit's the superview's margin).
 *
 * Options: --no-autoresize sets autoresizesSubviews NO on every view (the springs pass off, so only
 * the constraint engine moves views); --verbose logs every constraint made and, where the framework
 * has -hasAmbiguousLayout, the ambiguous views of each step (standard error only);
 * --pool-per-line drains the autorelease pool after every line instead of after every unit (see
 * serveUnit); --no-fork serves every unit in the one process (on Linux each unit otherwise gets a
 * forked copy of the started process, and the process runs without address randomization, so that
 * GNUstep's answers to ambiguous layouts are reproducible; see main). On macOS there is no fork:
 * AppKit does not survive one.
 */
#import "Engine.h"
#include <errno.h>
#include <locale.h>
#include <unistd.h>
#if defined(__linux__)
#include <pthread.h>
#include <signal.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#endif

BOOL noAutoresize = NO;
BOOL verbose = NO;
static BOOL poolPerLine = NO;
static BOOL forkPerUnit = NO;

/* Answers one request; YES when it ended a unit ("end"). In a unit's own process ("end" is the
   last thing it does) the tree is not torn down: the process exits right after the answer. */
static BOOL handle(const char *line, size_t length)
{
  BOOL ended = NO;
  NSData *data = [NSData dataWithBytes: line length: length];
  id request = [NSJSONSerialization JSONObjectWithData: data options: 0 error: NULL];
  NSString *type = [request isKindOfClass: [NSDictionary class]] ? [request objectForKey: @"type"] : nil;
  if (![type isKindOfClass: [NSString class]]) { fail(@"expected a JSON object with a type"); return NO; }
  @try
    {
      if ([type isEqual: @"scenario"]) loadScenario([request objectForKey: @"scenario"]);
      else if ([type isEqual: @"size"]) resize(request);
      else if ([type isEqual: @"end"]) { if (!forkPerUnit) teardown(); ok(); ended = YES; }
      else fail([NSString stringWithFormat: @"unknown request type %@", type]);
    }
  @catch (NSException *e)
    {
      /* The framework's own complaint, e.g. GNUstep's Cassowary solver raising
         "Cannot satisfy the required constraints". The scenario is dropped: its engine state is
         whatever the exception left, so the lab must send a new scenario. */
      NSString *message = [NSString stringWithFormat: @"%@: %@", [e name], [e reason]];
      fprintf(stderr, "appkit-engine: %s\n", [message UTF8String]);
      @try { teardown(); } @catch (NSException *ignored) { window = nil; }
      fail(message);
    }
  return ended;
}

/* One line of standard input, read a byte at a time so that nothing past the line is taken from
   the pipe (a unit's process must leave the next unit's lines to the next process). NULL at end of
   input. The buffer is the caller's, grown with realloc. */
static char *readLine(char **buffer, size_t *capacity, size_t *length)
{
  size_t n = 0;
  for (;;)
    {
      char c;
      ssize_t got = read(0, &c, 1);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      if (n + 2 > *capacity)
        {
          *capacity = *capacity ? *capacity * 2 : 4096;
          *buffer = realloc(*buffer, *capacity);
          if (*buffer == NULL) { fprintf(stderr, "appkit-engine: out of memory\n"); _exit(71); }
        }
      (*buffer)[n++] = c;
      if (c == '\n') break;
    }
  if (n == 0) return NULL;
  (*buffer)[n] = 0;
  *length = n;
  return *buffer;
}

/* Serves lines until "end" (YES) or the end of input (NO), all in one autorelease pool, drained
   afterwards: GNUstep master's Cassowary tableau uses a row expression after removing it from its
   table (the table held the only reference that outlives the pool that made it), so draining between
   a scenario and its sizes frees rows still in use and the next resize crashes. --pool-per-line
   drains after every line, as an application's event loop would, to show that. */
static BOOL serveUnit(char **buffer, size_t *capacity)
{
  BOOL ended = NO, more = YES;
  LL_POOL_BEGIN
    size_t length = 0;
    while (!ended)
      {
        if (readLine(buffer, capacity, &length) == NULL) { more = NO; break; }
        if (length == 1) continue;
        if (poolPerLine)
          {
            LL_POOL_BEGIN
              ended = handle(*buffer, length);
            LL_POOL_END
          }
        else
          ended = handle(*buffer, length);
      }
  LL_POOL_END
  return more;
}

#if defined(__linux__)
struct unitArguments { char **buffer; size_t *capacity; BOOL more; };

static void *unitThread(void *pointer)
{
  struct unitArguments *arguments = pointer;
  arguments->more = serveUnit(arguments->buffer, arguments->capacity);
  return NULL;
}

/* GNUstep master's solver iterates hash tables keyed by object addresses, so the order of its
   pivots -- which decides ambiguous layouts and the last bits of the others -- follows the heap.
   For answers that depend on a unit's own lines only (whichever engine process, position in a
   sweep, environment or run), the engine runs without address-space randomization and with a
   fixed environment (one re-exec), gives each unit a fresh copy of the started process (fork per
   unit) and runs the unit on a new thread (a new malloc arena; see below). Where any of this is
   refused the engine still works, only less reproducibly. */
static void runWithoutAddressRandomization(char **argv)
{
  int persona = personality(0xffffffff);
  if (persona != -1 && !(persona & ADDR_NO_RANDOMIZE) && getenv("LAYOUTLAB_APPKIT_ENGINE_REEXEC") == NULL
      && personality(persona | ADDR_NO_RANDOMIZE) != -1)
    {
      /* The environment too: GNUstep copies it into objects at startup, so its size shapes the
         heap; and a locale would change how numbers print. Only HOME (GNUstep's user folder) is
         kept. */
      static char home[4096];
      const char *h = getenv("HOME");
      snprintf(home, sizeof home, "HOME=%s", h != NULL ? h : "/");
      char *environment[] = { home, "PATH=/usr/bin:/bin", "LC_ALL=C", "LAYOUTLAB_APPKIT_ENGINE_REEXEC=1",
                              NULL };
      static char self[4096];
      ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
      if (n > 0) { self[n] = 0; execve(self, argv, environment); } /* by name: ps shows appkit-engine */
      personality(persona); /* the re-exec failed: go on as we are */
    }
}

/* Starting the application may have to launch GNUstep's notification server (gdnc) first, which
   leaves a different heap behind than finding it running; a throwaway child starts it first, so
   that every engine starts from the same state. */
static void startNotificationServer(void)
{
  pid_t warm = fork();
  if (warm == 0)
    {
      LL_POOL_BEGIN
        @try { [NSApplication sharedApplication]; } @catch (NSException *e) {}
      LL_POOL_END
      _exit(0);
    }
  if (warm > 0) while (waitpid(warm, NULL, 0) < 0 && errno == EINTR) {}
}

/* Serves each unit in a forked copy of the started process, until the end of input; returns only
   when fork fails. */
static void serveForkedUnits(char **buffer, size_t *capacity)
{
  while (forkPerUnit)
    {
      fflush(stdout);
      fflush(stderr);
      pid_t parent = getpid();
      pid_t pid = fork();
      if (pid < 0) { forkPerUnit = NO; break; }
      if (pid == 0)
        {
          /* Dies with the engine (the lab kills an engine that does not answer in time). */
          prctl(PR_SET_PDEATHSIG, SIGKILL);
          if (getppid() != parent) _exit(1);
          /* The unit runs on a new thread, so that everything it allocates comes from a new, empty
             malloc arena: the main arena's free lists differ a little from run to run (the startup
             makes strings of time-dependent length), which is enough to change the order in which
             GNUstep's solver meets its variables. */
          struct unitArguments arguments = { buffer, capacity, NO };
          pthread_t thread;
          if (pthread_create(&thread, NULL, unitThread, &arguments) == 0) pthread_join(thread, NULL);
          else arguments.more = serveUnit(buffer, capacity);
          BOOL more = arguments.more;
          fflush(stdout);
          fflush(stderr);
          _exit(more ? 0 : 3);
        }
      int status = 0;
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
      if (WIFEXITED(status) && WEXITSTATUS(status) == 3) _exit(0); /* end of input; no exit handlers */
      /* The unit's process died inside the framework (e.g. a segfault in the solver): say so as the
         answer to the request it was working on, and stop (the lab never reuses a failed engine). */
      LL_POOL_BEGIN
        fail(WIFSIGNALED(status)
             ? [NSString stringWithFormat: @"the engine crashed inside the framework (signal %d)",
                         WTERMSIG(status)]
             : [NSString stringWithFormat: @"the engine's unit process exited with status %d",
                         WEXITSTATUS(status)]);
      LL_POOL_END
      fflush(stdout);
      _exit(1);
    }
}
#endif

/* Starts the application (GNUstep reads its defaults, themes and fonts here), or dies saying why. */
static void startApplication(void)
{
  LL_POOL_BEGIN
    @try
      {
        [NSApplication sharedApplication];
      }
    @catch (NSException *e)
      {
        /* E.g. GNUstep's theme code cannot reach its notification server (gdnc). Die at once,
           saying why, rather than answer anything: the lab reports a dead engine. */
        fprintf(stderr, "appkit-engine: cannot start the application: %s: %s\n",
                [[e name] UTF8String], [[e reason] UTF8String]);
        fflush(stderr);
        _exit(70);
      }
  LL_POOL_END
}

int main(int argc, char **argv)
{
  BOOL noFork = NO;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp(argv[i], "--no-autoresize") == 0) noAutoresize = YES;
      else if (strcmp(argv[i], "--verbose") == 0) verbose = YES;
      else if (strcmp(argv[i], "--pool-per-line") == 0) poolPerLine = YES;
      else if (strcmp(argv[i], "--no-fork") == 0) noFork = YES;
      else
        {
          fprintf(stderr, "usage: appkit-engine [--no-autoresize] [--verbose] [--pool-per-line] [--no-fork]\n");
          return 64;
        }
    }
#if defined(__linux__)
  runWithoutAddressRandomization(argv);
  forkPerUnit = !noFork;
  if (forkPerUnit) startNotificationServer();
#endif
  startApplication();
  setlocale(LC_NUMERIC, "C"); /* %g prints a point whatever the framework set */
  char *buffer = NULL;
  size_t capacity = 0;
#if defined(__linux__)
  serveForkedUnits(&buffer, &capacity);
#endif
  while (serveUnit(&buffer, &capacity)) {}
  free(buffer);
  LL_POOL_BEGIN
    teardown();
  LL_POOL_END
  return 0;
}
