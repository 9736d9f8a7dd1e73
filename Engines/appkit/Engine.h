/*
 * What the files of the live engine share (engine.m's comment describes the engine): the memory
 * macros that make one source correct under ARC and under manual reference counting, the options,
 * the loaded scenario, and each file's entry points.
 */
#import <AppKit/AppKit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif

/* Memory management that is correct under ARC (clang on macOS) and under manual reference
   counting (gcc with GNUstep): objects live in the globals below or in collections. */
#if __has_feature(objc_arc)
#define LL_AUTORELEASE(x) (x)
#define LL_CLEAR(x) do { (x) = nil; } while (0)
#define LL_POOL_BEGIN @autoreleasepool {
#define LL_POOL_END }
#else
#define LL_AUTORELEASE(x) [(x) autorelease]
#define LL_CLEAR(x) do { [(x) release]; (x) = nil; } while (0)
#define LL_POOL_BEGIN { NSAutoreleasePool *ll_pool = [NSAutoreleasePool new];
#define LL_POOL_END [ll_pool release]; }
#endif

/* Hidden, as the file-private functions and globals of one source were: an executable built with
   GNUstep's flags exports its globals, and a library's `root` or `resize` must not bind to ours. */
#pragma GCC visibility push(hidden)

/* Options (engine.m reads them from the command line). */
extern BOOL noAutoresize;
extern BOOL verbose;

#pragma GCC visibility pop

/* Every view of the tree: flipped, with an intrinsic content size of our choosing (Scenario.m). */
@interface LabView : NSView
{
  NSSize labIntrinsicSize;
}
- (void) setLabIntrinsicSize: (NSSize)size;
@end

#pragma GCC visibility push(hidden)

/* The loaded scenario (Scenario.m). */
extern NSWindow *window;
extern LabView *root;
extern NSMutableArray *views;        /* LabView, in the scenario's order */
extern NSMutableArray *ids;          /* NSString, parallel to views */
extern NSMutableDictionary *byID;    /* id -> LabView, "superview" -> root */
extern NSMutableArray *installed;    /* [constraint, view it was added to] pairs */
void teardown(void);
void loadScenario(NSDictionary *scenario);
void resize(NSDictionary *request);

/* Answers on standard output (Output.m). */
extern char lastFailure[512];        /* why the last scenario was dropped, for later sizes */
void appendString(NSMutableString *out, NSString *s);
void appendNumber(NSMutableString *out, double x);
void emit(NSString *line);
void ok(void);
void answerError(NSString *message);
void fail(NSString *message);

/* The scenario's values as AppKit's (ScenarioValues.m). */
BOOL isNumber(id value);
BOOL isAbsent(id value);
NSInteger uikitMask(id value);
NSUInteger appKitMask(NSInteger uikit);
float priorityOf(id value, float fallback);
NSLayoutAttribute attributeOf(NSString *name, BOOL *margin);

/* The scenario's constraints, made and installed (Constraints.m). */
NSString *addHandWritten(NSDictionary *d, NSUInteger index);
NSString *addVisualFormat(NSDictionary *entry, NSUInteger index);

#pragma GCC visibility pop
