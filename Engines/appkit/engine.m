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
#import <AppKit/AppKit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static BOOL noAutoresize = NO;
static BOOL verbose = NO;
static BOOL poolPerLine = NO;
static BOOL forkPerUnit = NO;

/* -hasAmbiguousLayout is public on macOS; GNUstep master does not have it (asked only when present). */
@protocol LabAmbiguity
- (BOOL) hasAmbiguousLayout;
@end

/* Every view of the tree: flipped, with an intrinsic content size of our choosing. */
@interface LabView : NSView
{
  NSSize labIntrinsicSize;
}
- (void) setLabIntrinsicSize: (NSSize)size;
@end

@implementation LabView
- (id) initWithFrame: (NSRect)frame
{
  self = [super initWithFrame: frame];
  if (self != nil)
    labIntrinsicSize = NSMakeSize(NSViewNoIntrinsicMetric, NSViewNoIntrinsicMetric);
  return self;
}
- (BOOL) isFlipped { return YES; }
- (NSSize) intrinsicContentSize { return labIntrinsicSize; }
- (void) setLabIntrinsicSize: (NSSize)size { labIntrinsicSize = size; }
@end

/* The loaded scenario. */
static NSWindow *window = nil;
static LabView *root = nil;
static NSMutableArray *views = nil;        /* LabView, in the scenario's order */
static NSMutableArray *ids = nil;          /* NSString, parallel to views */
static NSMutableDictionary *byID = nil;    /* id -> LabView, "superview" -> root */
static NSMutableArray *installed = nil;    /* [constraint, view it was added to] pairs */
static char lastFailure[512];              /* why the last scenario was dropped, for later sizes */

/* ---- output ---- */

static void appendString(NSMutableString *out, NSString *s)
{
  [out appendString: @"\""];
  NSUInteger n = [s length];
  for (NSUInteger i = 0; i < n; i++)
    {
      unichar c = [s characterAtIndex: i];
      if (c == '"') [out appendString: @"\\\""];
      else if (c == '\\') [out appendString: @"\\\\"];
      else if (c == '\n') [out appendString: @"\\n"];
      else if (c == '\r') [out appendString: @"\\r"];
      else if (c == '\t') [out appendString: @"\\t"];
      else if (c < 0x20) [out appendFormat: @"\\u%04x", (unsigned) c];
      else [out appendString: [NSString stringWithCharacters: &c length: 1]];
    }
  [out appendString: @"\""];
}

/* The shortest of %.15g, %.16g, %.17g that reads back to the same double; non-finite as strings. */
static void appendNumber(NSMutableString *out, double x)
{
  if (isnan(x)) { [out appendString: @"\"nan\""]; return; }
  if (isinf(x)) { [out appendString: x > 0 ? @"\"inf\"" : @"\"-inf\""]; return; }
  if (x == 0) x = 0; /* -0 prints as 0 */
  char buffer[64];
  for (int precision = 15; precision <= 17; precision++)
    {
      snprintf(buffer, sizeof buffer, "%.*g", precision, x);
      if (strtod(buffer, NULL) == x) break;
    }
  [out appendString: [NSString stringWithUTF8String: buffer]];
}

static void emit(NSString *line)
{
  const char *text = [line UTF8String];
  fputs(text, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

static void ok(void) { emit(@"{\"ok\":true}"); }

static void answerError(NSString *message)
{
  NSMutableString *out = [NSMutableString stringWithString: @"{\"error\":"];
  appendString(out, message);
  [out appendString: @"}"];
  emit(out);
}

/* An error answer, remembered as the reason the current scenario (if any) is gone. */
static void fail(NSString *message)
{
  snprintf(lastFailure, sizeof lastFailure, "%s", [message UTF8String]);
  answerError(message);
}

/* ---- reading the scenario ---- */

static BOOL isNumber(id value)
{
  return [value isKindOfClass: [NSNumber class]];
}

static BOOL isAbsent(id value)
{
  return value == nil || value == [NSNull null];
}

/* UIKit's mask from the scenario's "mask": an integer, a list of UIKit names, or Apple's notation
   "h=&&- v=--&" (min margin, size, max margin per axis; v's min margin is the top). -1: unreadable. */
static NSInteger uikitMask(id value)
{
  if (isAbsent(value)) return 0;
  if (isNumber(value))
    {
      double d = [value doubleValue];
      if (d != floor(d) || d < 0 || d > 63) return -1;
      return (NSInteger) d;
    }
  if ([value isKindOfClass: [NSArray class]])
    {
      NSArray *names = [NSArray arrayWithObjects: @"flexibleLeftMargin", @"flexibleWidth", @"flexibleRightMargin",
                                                  @"flexibleTopMargin", @"flexibleHeight", @"flexibleBottomMargin", nil];
      NSInteger mask = 0;
      for (id name in value)
        {
          NSUInteger i = [names indexOfObject: name];
          if (i == NSNotFound) return -1;
          mask |= (1 << i);
        }
      return mask;
    }
  if ([value isKindOfClass: [NSString class]])
    {
      NSInteger mask = 0;
      NSArray *parts = [[value stringByTrimmingCharactersInSet: [NSCharacterSet whitespaceCharacterSet]]
                         componentsSeparatedByString: @" "];
      for (NSString *part in parts)
        {
          if ([part length] == 0) continue;
          if ([part length] != 5 || [part characterAtIndex: 1] != '=') return -1;
          unichar axis = [part characterAtIndex: 0];
          int shift = axis == 'h' ? 0 : axis == 'v' ? 3 : -1;
          if (shift < 0) return -1;
          for (int k = 0; k < 3; k++)
            {
              unichar c = [part characterAtIndex: 2 + k];
              if (c == '&') mask |= (1 << (shift + k));
              else if (c != '-') return -1;
            }
        }
      return mask;
    }
  return -1;
}

/* UIKit's bits as NSView's in a flipped superview. The horizontal bits are the same; vertically
   UIKit's top margin is the margin at the origin's side, which is NSViewMinYMargin when the
   superview is flipped (as AppKit and GNUstep master's NSView resize it, and as GNUstep master's
   NSAutoresizingMaskLayoutConstraint translates it: minY is frame.origin.y). Every superview here is
   flipped, so the mapping is the identity, written out. */
static NSUInteger appKitMask(NSInteger uikit)
{
  NSUInteger mask = NSViewNotSizable;
  if (uikit & 1) mask |= NSViewMinXMargin;
  if (uikit & 2) mask |= NSViewWidthSizable;
  if (uikit & 4) mask |= NSViewMaxXMargin;
  if (uikit & 8) mask |= NSViewMinYMargin;
  if (uikit & 16) mask |= NSViewHeightSizable;
  if (uikit & 32) mask |= NSViewMaxYMargin;
  return mask;
}

/* A priority: a number 1…1000 or required, high, low, fittingSize. 0 when unreadable. */
static float priorityOf(id value, float fallback)
{
  if (isAbsent(value)) return fallback;
  if (isNumber(value))
    {
      double p = [value doubleValue];
      return (p >= 1 && p <= 1000) ? (float) p : 0;
    }
  if ([value isEqual: @"required"]) return NSLayoutPriorityRequired;
  if ([value isEqual: @"high"]) return NSLayoutPriorityDefaultHigh;
  if ([value isEqual: @"low"]) return NSLayoutPriorityDefaultLow;
  if ([value isEqual: @"fittingSize"]) return NSLayoutPriorityFittingSizeCompression;
  return 0;
}

/* An attribute name; NSLayoutAttributeNotAnAttribute for unknown; sets *margin for UIKit's margin forms. */
static NSLayoutAttribute attributeOf(NSString *name, BOOL *margin)
{
  static const char *names[] = { "left", "right", "top", "bottom", "leading", "trailing", "width", "height",
                                 "centerX", "centerY" };
  NSLayoutAttribute values[] = { NSLayoutAttributeLeft, NSLayoutAttributeRight, NSLayoutAttributeTop,
                                 NSLayoutAttributeBottom, NSLayoutAttributeLeading, NSLayoutAttributeTrailing,
                                 NSLayoutAttributeWidth, NSLayoutAttributeHeight, NSLayoutAttributeCenterX,
                                 NSLayoutAttributeCenterY };
  *margin = NO;
  if (![name isKindOfClass: [NSString class]]) return NSLayoutAttributeNotAnAttribute;
  for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
    if (strcmp([name UTF8String], names[i]) == 0) return values[i];
  static const char *margins[] = { "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin",
                                   "trailingMargin", "centerXWithinMargins", "centerYWithinMargins" };
  for (unsigned i = 0; i < sizeof margins / sizeof margins[0]; i++)
    if (strcmp([name UTF8String], margins[i]) == 0) *margin = YES;
  return NSLayoutAttributeNotAnAttribute;
}

/* Installs a constraint on the nearest common ancestor of its items (the legacy -addConstraint:,
   which both AppKits have and which keeps no global list of active constraints). */
static NSString *install(NSLayoutConstraint *c)
{
  NSView *a = [c firstItem], *b = [c secondItem];
  NSView *holder = b == nil ? a : [a ancestorSharedWithView: b];
  if (holder == nil) return @"the constraint's items share no ancestor";
  [holder addConstraint: c];
  [installed addObject: [NSArray arrayWithObjects: c, holder, nil]];
  if (verbose) fprintf(stderr, "appkit-engine: installed %s\n", [[c description] UTF8String]);
  return nil;
}

static NSString *describeConstraint(NSDictionary *d, NSUInteger index)
{
  id identifier = [d objectForKey: @"id"];
  if ([identifier isKindOfClass: [NSString class]]) return [NSString stringWithFormat: @"constraint \"%@\"", identifier];
  return [NSString stringWithFormat: @"constraint #%lu", (unsigned long) index + 1];
}

/* Makes and installs one hand-written constraint; nil or an error message. */
static NSString *addHandWritten(NSDictionary *d, NSUInteger index)
{
  if (![d isKindOfClass: [NSDictionary class]])
    return [NSString stringWithFormat: @"constraint #%lu is not an object", (unsigned long) index + 1];
  NSString *label = describeConstraint(d, index);
  BOOL margin1 = NO, margin2 = NO;
  id item1Name = [d objectForKey: @"item1"], item2Name = [d objectForKey: @"item2"];
  NSLayoutAttribute attr1 = attributeOf([d objectForKey: @"attr1"], &margin1);
  NSLayoutAttribute attr2 = NSLayoutAttributeNotAnAttribute;
  if (!isAbsent([d objectForKey: @"attr2"])) attr2 = attributeOf([d objectForKey: @"attr2"], &margin2);
  if (margin1 || margin2)
    return [NSString stringWithFormat: @"%@: AppKit has no margin attributes (%@)", label,
                     margin1 ? [d objectForKey: @"attr1"] : [d objectForKey: @"attr2"]];
  if (attr1 == NSLayoutAttributeNotAnAttribute)
    return [NSString stringWithFormat: @"%@: unknown attr1 %@", label, [d objectForKey: @"attr1"]];
  NSView *item1 = [item1Name isKindOfClass: [NSString class]] ? [byID objectForKey: item1Name] : nil;
  if (item1 == nil) return [NSString stringWithFormat: @"%@: unknown item1 %@", label, item1Name];
  NSView *item2 = nil;
  if (!isAbsent(item2Name))
    {
      item2 = [item2Name isKindOfClass: [NSString class]] ? [byID objectForKey: item2Name] : nil;
      if (item2 == nil) return [NSString stringWithFormat: @"%@: unknown item2 %@", label, item2Name];
      if (attr2 == NSLayoutAttributeNotAnAttribute)
        return [NSString stringWithFormat: @"%@: item2 without a known attr2", label];
    }
  else
    attr2 = NSLayoutAttributeNotAnAttribute;
  NSString *relationName = [d objectForKey: @"relation"];
  NSLayoutRelation relation;
  if ([relationName isEqual: @"=="]) relation = NSLayoutRelationEqual;
  else if ([relationName isEqual: @"<="]) relation = NSLayoutRelationLessThanOrEqual;
  else if ([relationName isEqual: @">="]) relation = NSLayoutRelationGreaterThanOrEqual;
  else return [NSString stringWithFormat: @"%@: relation must be ==, <= or >=", label];
  id m = [d objectForKey: @"multiplier"], k = [d objectForKey: @"constant"];
  if ((!isAbsent(m) && !isNumber(m)) || (!isAbsent(k) && !isNumber(k)))
    return [NSString stringWithFormat: @"%@: multiplier and constant must be numbers", label];
  double multiplier = isAbsent(m) ? 1 : [m doubleValue], constant = isAbsent(k) ? 0 : [k doubleValue];
  float priority = priorityOf([d objectForKey: @"priority"], NSLayoutPriorityRequired);
  if (priority == 0) return [NSString stringWithFormat: @"%@: priority must be 1...1000 or required, high, low, fittingSize", label];
  NSLayoutConstraint *c = [NSLayoutConstraint constraintWithItem: item1 attribute: attr1 relatedBy: relation
                                                          toItem: item2 attribute: attr2
                                                      multiplier: multiplier constant: constant];
  [c setPriority: priority];
  id identifier = [d objectForKey: @"id"];
  if ([identifier isKindOfClass: [NSString class]]) [c setIdentifier: identifier];
  id active = [d objectForKey: @"active"];
  if (!isAbsent(active) && ![active boolValue]) return nil;
  return install(c);
}

static NSLayoutFormatOptions formatOptionsOf(id list, BOOL *okay)
{
  NSLayoutFormatOptions options = 0;
  *okay = YES;
  if (isAbsent(list)) return 0;
  if (![list isKindOfClass: [NSArray class]]) { *okay = NO; return 0; }
  for (id name in list)
    {
      if ([name isEqual: @"alignAllLeft"]) options |= NSLayoutFormatAlignAllLeft;
      else if ([name isEqual: @"alignAllRight"]) options |= NSLayoutFormatAlignAllRight;
      else if ([name isEqual: @"alignAllTop"]) options |= NSLayoutFormatAlignAllTop;
      else if ([name isEqual: @"alignAllBottom"]) options |= NSLayoutFormatAlignAllBottom;
      else if ([name isEqual: @"alignAllLeading"]) options |= NSLayoutFormatAlignAllLeading;
      else if ([name isEqual: @"alignAllTrailing"]) options |= NSLayoutFormatAlignAllTrailing;
      else if ([name isEqual: @"alignAllCenterX"]) options |= NSLayoutFormatAlignAllCenterX;
      else if ([name isEqual: @"alignAllCenterY"]) options |= NSLayoutFormatAlignAllCenterY;
      else if ([name isEqual: @"directionLeadingToTrailing"]) options |= NSLayoutFormatDirectionLeadingToTrailing;
      else if ([name isEqual: @"directionLeftToRight"]) options |= NSLayoutFormatDirectionLeftToRight;
      else if ([name isEqual: @"directionRightToLeft"]) options |= NSLayoutFormatDirectionRightToLeft;
      else *okay = NO;
    }
  return options;
}

/* Makes and installs the constraints of one "visualFormat" entry; nil or an error message. */
static NSString *addVisualFormat(NSDictionary *entry, NSUInteger index)
{
  if (![entry isKindOfClass: [NSDictionary class]] || ![[entry objectForKey: @"format"] isKindOfClass: [NSString class]])
    return [NSString stringWithFormat: @"visualFormat #%lu needs a format string", (unsigned long) index + 1];
  NSString *format = [entry objectForKey: @"format"];
  BOOL okay = YES;
  NSLayoutFormatOptions options = formatOptionsOf([entry objectForKey: @"options"], &okay);
  if (!okay) return [NSString stringWithFormat: @"visualFormat #%lu: unknown options", (unsigned long) index + 1];
  NSDictionary *metrics = [entry objectForKey: @"metrics"];
  if (isAbsent(metrics)) metrics = [NSDictionary dictionary];
  if (![metrics isKindOfClass: [NSDictionary class]])
    return [NSString stringWithFormat: @"visualFormat #%lu: metrics must be an object", (unsigned long) index + 1];
  NSMutableDictionary *named = [NSMutableDictionary dictionary];
  for (NSUInteger i = 0; i < [ids count]; i++) [named setObject: [views objectAtIndex: i] forKey: [ids objectAtIndex: i]];
  id platform = [entry objectForKey: @"platform"];
  if (![platform isEqual: @"appkit"] && verbose)
    fprintf(stderr, "appkit-engine: visualFormat #%lu (platform %s) is parsed by AppKit's parser\n",
            (unsigned long) index + 1, isAbsent(platform) ? "uikit" : [[platform description] UTF8String]);
  NSArray *made = [NSLayoutConstraint constraintsWithVisualFormat: format options: options metrics: metrics views: named];
  if (made == nil) return [NSString stringWithFormat: @"visualFormat #%lu: the parser made nothing", (unsigned long) index + 1];
  for (NSLayoutConstraint *c in made)
    {
      NSString *problem = install(c);
      if (problem != nil) return [NSString stringWithFormat: @"visualFormat #%lu: %@", (unsigned long) index + 1, problem];
    }
  return nil;
}

static void teardown(void)
{
  if (window == nil) return;
  /* No -removeConstraint: one by one (GNUstep re-solves after each): the window, its layout
     engine, the views and the constraints go together. */
  LL_CLEAR(installed);
  LL_CLEAR(views);
  LL_CLEAR(ids);
  LL_CLEAR(byID);
  LL_CLEAR(root);
  LL_CLEAR(window);
}

static NSString *viewProblem(NSDictionary *v, NSString *identifier, NSString *what)
{
  return [NSString stringWithFormat: @"view %@: %@", identifier, what];
}

/* Builds the tree; nil or an error message (then the half-built tree is torn down). */
static NSString *buildScenario(NSDictionary *scenario)
{
  if (![scenario isKindOfClass: [NSDictionary class]]) return @"the scenario must be an object";
  NSDictionary *superview = [scenario objectForKey: @"superview"];
  NSArray *list = [scenario objectForKey: @"views"];
  if (![superview isKindOfClass: [NSDictionary class]] || !isNumber([superview objectForKey: @"width"])
      || !isNumber([superview objectForKey: @"height"]) || ![list isKindOfClass: [NSArray class]])
    return @"a scenario needs superview.width, superview.height and views";
  double w = [[superview objectForKey: @"width"] doubleValue], h = [[superview objectForKey: @"height"] doubleValue];
  BOOL rightToLeft = [[scenario objectForKey: @"layoutDirection"] isEqual: @"rightToLeft"];

  window = [[NSWindow alloc] initWithContentRect: NSMakeRect(0, 0, w, h)
                                       styleMask: NSWindowStyleMaskBorderless
                                         backing: NSBackingStoreBuffered
                                           defer: YES];
  [window setReleasedWhenClosed: NO];
  root = [[LabView alloc] initWithFrame: NSMakeRect(0, 0, w, h)];
  [window setContentView: root];
  if (noAutoresize) [root setAutoresizesSubviews: NO];
  if (rightToLeft) [root setUserInterfaceLayoutDirection: NSUserInterfaceLayoutDirectionRightToLeft];
  views = [NSMutableArray new];
  ids = [NSMutableArray new];
  byID = [NSMutableDictionary new];
  installed = [NSMutableArray new];
  [byID setObject: root forKey: @"superview"];

  for (NSDictionary *v in list)
    {
      if (![v isKindOfClass: [NSDictionary class]]) return @"every view must be an object";
      NSString *identifier = [v objectForKey: @"id"];
      NSArray *frame = [v objectForKey: @"frame"];
      if (![identifier isKindOfClass: [NSString class]] || ![frame isKindOfClass: [NSArray class]] || [frame count] != 4)
        return @"a view needs an id and a frame [x, y, width, height]";
      for (id n in frame) if (!isNumber(n)) return viewProblem(v, identifier, @"the frame must hold numbers");
      if ([byID objectForKey: identifier] != nil) return viewProblem(v, identifier, @"duplicate id");
      if (!isAbsent([v objectForKey: @"scrollView"])) return viewProblem(v, identifier, @"UIKit scroll views have no AppKit form here");
      NSInteger mask = uikitMask([v objectForKey: @"mask"]);
      if (mask < 0) return viewProblem(v, identifier, @"unreadable mask");
      NSRect r = NSMakeRect([[frame objectAtIndex: 0] doubleValue], [[frame objectAtIndex: 1] doubleValue],
                            [[frame objectAtIndex: 2] doubleValue], [[frame objectAtIndex: 3] doubleValue]);
      LabView *view = LL_AUTORELEASE([[LabView alloc] initWithFrame: r]);
      [view setAutoresizingMask: appKitMask(mask)];
      if (noAutoresize) [view setAutoresizesSubviews: NO];
      if (rightToLeft) [view setUserInterfaceLayoutDirection: NSUserInterfaceLayoutDirectionRightToLeft];
      id translates = [v objectForKey: @"translatesMask"];
      [view setTranslatesAutoresizingMaskIntoConstraints: isAbsent(translates) ? YES : [translates boolValue]];

      id intrinsic = [v objectForKey: @"intrinsicContentSize"];
      if (!isAbsent(intrinsic))
        {
          if (![intrinsic isKindOfClass: [NSArray class]] || [intrinsic count] != 2)
            return viewProblem(v, identifier, @"intrinsicContentSize must be [width, height]");
          id iw = [intrinsic objectAtIndex: 0], ih = [intrinsic objectAtIndex: 1];
          if ((!isAbsent(iw) && !isNumber(iw)) || (!isAbsent(ih) && !isNumber(ih)))
            return viewProblem(v, identifier, @"intrinsicContentSize must hold numbers or null");
          [view setLabIntrinsicSize: NSMakeSize(isAbsent(iw) ? NSViewNoIntrinsicMetric : [iw doubleValue],
                                                isAbsent(ih) ? NSViewNoIntrinsicMetric : [ih doubleValue])];
        }
      NSString *keys[2] = { @"contentHuggingPriority", @"contentCompressionResistancePriority" };
      for (int k = 0; k < 2; k++)
        {
          NSDictionary *p = [v objectForKey: keys[k]];
          if (isAbsent(p)) continue;
          if (![p isKindOfClass: [NSDictionary class]]) return viewProblem(v, identifier, [keys[k] stringByAppendingString: @" must be an object"]);
          float defaults = k == 0 ? NSLayoutPriorityDefaultLow : NSLayoutPriorityDefaultHigh;
          float horizontal = priorityOf([p objectForKey: @"horizontal"], defaults);
          float vertical = priorityOf([p objectForKey: @"vertical"], defaults);
          if (horizontal == 0 || vertical == 0) return viewProblem(v, identifier, [keys[k] stringByAppendingString: @": bad priority"]);
          if (k == 0)
            {
              [view setContentHuggingPriority: horizontal forOrientation: NSLayoutConstraintOrientationHorizontal];
              [view setContentHuggingPriority: vertical forOrientation: NSLayoutConstraintOrientationVertical];
            }
          else
            {
              [view setContentCompressionResistancePriority: horizontal forOrientation: NSLayoutConstraintOrientationHorizontal];
              [view setContentCompressionResistancePriority: vertical forOrientation: NSLayoutConstraintOrientationVertical];
            }
        }
      [byID setObject: view forKey: identifier];
      [views addObject: view];
      [ids addObject: identifier];
    }
  /* Parents after every view exists (a scenario may list a child before its parent). */
  for (NSUInteger i = 0; i < [list count]; i++)
    {
      id parent = [[list objectAtIndex: i] objectForKey: @"parent"];
      NSView *p = (isAbsent(parent) || [parent isEqual: @"superview"]) ? root
                : ([parent isKindOfClass: [NSString class]] ? [byID objectForKey: parent] : nil);
      if (p == nil || p == [views objectAtIndex: i])
        return [NSString stringWithFormat: @"view %@: unknown parent %@", [ids objectAtIndex: i], parent];
      [p addSubview: [views objectAtIndex: i]];
    }
  for (NSView *v in views)
    if ([v window] != window) return @"the views' parents form a cycle";

  /* The masks become constraints now, from the scenario's frames (GNUstep translates them in
     -updateConstraints, once); then the hand-written constraints, then the Visual Format ones. */
  [root layoutSubtreeIfNeeded];
  NSArray *constraints = [scenario objectForKey: @"constraints"];
  if (!isAbsent(constraints))
    {
      if (![constraints isKindOfClass: [NSArray class]]) return @"constraints must be an array";
      for (NSUInteger i = 0; i < [constraints count]; i++)
        {
          NSString *problem = addHandWritten([constraints objectAtIndex: i], i);
          if (problem != nil) return problem;
        }
    }
  NSArray *formats = [scenario objectForKey: @"visualFormat"];
  if (!isAbsent(formats))
    {
      if (![formats isKindOfClass: [NSArray class]]) return @"visualFormat must be an array";
      for (NSUInteger i = 0; i < [formats count]; i++)
        {
          NSString *problem = addVisualFormat([formats objectAtIndex: i], i);
          if (problem != nil) return problem;
        }
    }
  [root layoutSubtreeIfNeeded];
  return nil;
}

static void loadScenario(NSDictionary *scenario)
{
  teardown();
  lastFailure[0] = 0;
  NSString *problem = buildScenario(scenario);
  if (problem != nil)
    {
      teardown();
      fail(problem);
    }
  else
    ok();
}

static void resize(NSDictionary *request)
{
  id width = [request objectForKey: @"width"], height = [request objectForKey: @"height"];
  if (!isNumber(width) || !isNumber(height)) { fail(@"a size needs width and height"); return; }
  if (window == nil)
    {
      answerError(lastFailure[0] ? [NSString stringWithFormat: @"no scenario: the last one was dropped (%s)", lastFailure]
                                 : @"a size before any scenario");
      return;
    }
  NSSize size = NSMakeSize([width doubleValue], [height doubleValue]);
  [window setContentSize: size];
  if (!NSEqualSizes([root frame].size, size)) [root setFrameSize: size];
  [root layoutSubtreeIfNeeded];

  NSMutableString *out = [NSMutableString stringWithString: @"{\"frames\":{"];
  for (NSUInteger i = 0; i < [views count]; i++)
    {
      NSView *v = [views objectAtIndex: i];
      NSRect f = [v frame];
      if (i > 0) [out appendString: @","];
      appendString(out, [ids objectAtIndex: i]);
      [out appendString: @":["];
      appendNumber(out, f.origin.x);
      [out appendString: @","];
      appendNumber(out, f.origin.y);
      [out appendString: @","];
      appendNumber(out, f.size.width);
      [out appendString: @","];
      appendNumber(out, f.size.height);
      [out appendString: @"]"];
      if (verbose && [v respondsToSelector: @selector(hasAmbiguousLayout)] && [(id<LabAmbiguity>) v hasAmbiguousLayout])
        fprintf(stderr, "appkit-engine: %s has an ambiguous layout at %gx%g\n",
                [[ids objectAtIndex: i] UTF8String], size.width, size.height);
    }
  [out appendString: @"}}"];
  if (!NSEqualSizes([root frame].size, size))
    fprintf(stderr, "appkit-engine: the root is %gx%g, not the %gx%g asked for\n",
            [root frame].size.width, [root frame].size.height, size.width, size.height);
  emit(out);
}

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
#endif

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
  /* GNUstep master's solver iterates hash tables keyed by object addresses, so the order of its
     pivots -- which decides ambiguous layouts and the last bits of the others -- follows the heap.
     For answers that depend on a unit's own lines only (whichever engine process, position in a
     sweep, environment or run), the engine runs without address-space randomization and with a
     fixed environment (one re-exec), gives each unit a fresh copy of the started process (fork per
     unit) and runs the unit on a new thread (a new malloc arena; see below). Where any of this is
     refused the engine still works, only less reproducibly. */
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
        char *environment[] = { home, "PATH=/usr/bin:/bin", "LC_ALL=C", "LAYOUTLAB_APPKIT_ENGINE_REEXEC=1", NULL };
        static char self[4096];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n > 0) { self[n] = 0; execve(self, argv, environment); } /* by name: ps shows appkit-engine */
        personality(persona); /* the re-exec failed: go on as we are */
      }
  }
  forkPerUnit = !noFork;
  /* Starting the application may have to launch GNUstep's notification server (gdnc) first, which
     leaves a different heap behind than finding it running; a throwaway child starts it first, so
     that every engine starts from the same state. */
  if (forkPerUnit)
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
#endif
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
  setlocale(LC_NUMERIC, "C"); /* %g prints a point whatever the framework set */
  char *buffer = NULL;
  size_t capacity = 0;
#if defined(__linux__)
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
          struct unitArguments arguments = { &buffer, &capacity, NO };
          pthread_t thread;
          if (pthread_create(&thread, NULL, unitThread, &arguments) == 0) pthread_join(thread, NULL);
          else arguments.more = serveUnit(&buffer, &capacity);
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
             ? [NSString stringWithFormat: @"the engine crashed inside the framework (signal %d)", WTERMSIG(status)]
             : [NSString stringWithFormat: @"the engine's unit process exited with status %d", WEXITSTATUS(status)]);
      LL_POOL_END
      fflush(stdout);
      _exit(1);
    }
#endif
  while (serveUnit(&buffer, &capacity)) {}
  free(buffer);
  LL_POOL_BEGIN
    teardown();
  LL_POOL_END
  return 0;
}
