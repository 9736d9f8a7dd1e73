/*
 * A live GNUstep engine for LayoutLab's external-engine protocol (docs/external-engines.md):
 * real NSViews of Debian's GNUstep gui (libs-gui 0.29) resized by their own autoresizing code.
 *
 * Reads JSON lines on standard input and answers on standard output:
 *   {"type":"scenario","scenario":{…scenario file…}}   -> {"ok":true}
 *   {"type":"size","width":W,"height":H}                -> {"frames":{"id":[x,y,width,height],…}}
 *   {"type":"end"}                                      -> {"ok":true}
 * Errors are answered as {"error":"…"}. Every view is flipped, so y grows downward as in the lab.
 * GNUstep keeps NSViewMinYMargin the visual bottom margin in a flipped superview (it swaps the two
 * vertical margin flags there), so UIKit's flexibleTopMargin becomes NSViewMaxYMargin and
 * flexibleBottomMargin NSViewMinYMargin; the other bits are the same.
 */
#import <AppKit/AppKit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --floor-rule: round as libs-gui master does ("checked against AppKit"): both edges floored with a
 * 1e-6 allowance, x' = floor(x + 1e-6), w' = floor(x + w + 1e-6) - x', y like x, in the same
 * top-level coordinates 0.29's centerScanRect: uses (the frame origins summed from the top down).
 * Everything else -- the split, the carried error, the clamp, which subviews resize -- stays
 * 0.29's own code, so the lab's springs/appkit is checked on all of it but the rounding formula. */
static BOOL floorRule = NO;

@interface LabView : NSView
@end
@implementation LabView
- (BOOL) isFlipped { return YES; }
- (NSRect) centerScanRect: (NSRect)r {
  if (!floorRule) return [super centerScanRect: r];
  NSMutableArray *chain = [NSMutableArray array];
  for (NSView *v = self; [v superview] != nil; v = [v superview]) [chain insertObject: v atIndex: 0];
  double ox = 0, oy = 0;
  for (NSView *v in chain) { ox += [v frame].origin.x; oy += [v frame].origin.y; }
  double x = r.origin.x + ox, y = r.origin.y + oy;
  double x2 = floor(x + 1e-6), y2 = floor(y + 1e-6);
  double w2 = floor(x + r.size.width + 1e-6) - x2, h2 = floor(y + r.size.height + 1e-6) - y2;
  return NSMakeRect(x2 - ox, y2 - oy, w2, h2);
}
@end

static NSView *root = nil;
static NSMutableArray *views = nil;   /* LabView, in the scenario's order */
static NSMutableArray *ids = nil;     /* NSString */

static void answer(id object) {
  NSData *data = [NSJSONSerialization dataWithJSONObject: object options: 0 error: NULL];
  fwrite([data bytes], 1, [data length], stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

static void fail(NSString *message) {
  answer([NSDictionary dictionaryWithObject: message forKey: @"error"]);
}

static double number(id value, BOOL *ok) {
  if ([value isKindOfClass: [NSNumber class]]) return [value doubleValue];
  *ok = NO;
  return 0;
}

/* UIKit's mask bits as NSView's in a flipped superview: the vertical margins trade places. */
static NSUInteger toAppKit(NSUInteger uikit) {
  NSUInteger mask = uikit & (1 | 2 | 4 | 16);
  if (uikit & 8) mask |= NSViewMaxYMargin;
  if (uikit & 32) mask |= NSViewMinYMargin;
  return mask;
}

/* UIKit's mask from the scenario's "mask": an integer or a list of UIKit names. */
static NSUInteger maskOf(id value) {
  if ([value isKindOfClass: [NSNumber class]]) return toAppKit([value unsignedIntegerValue]);
  NSUInteger mask = 0;
  if ([value isKindOfClass: [NSArray class]]) {
    NSArray *names = [NSArray arrayWithObjects: @"flexibleLeftMargin", @"flexibleWidth", @"flexibleRightMargin",
                                                @"flexibleTopMargin", @"flexibleHeight", @"flexibleBottomMargin", nil];
    for (NSString *name in value) {
      NSUInteger i = [names indexOfObject: name];
      if (i != NSNotFound) mask |= (1u << i);
    }
  }
  return toAppKit(mask);
}

static void loadScenario(NSDictionary *scenario) {
  NSDictionary *superview = [scenario objectForKey: @"superview"];
  NSArray *list = [scenario objectForKey: @"views"];
  BOOL ok = YES;
  double w = number([superview objectForKey: @"width"], &ok), h = number([superview objectForKey: @"height"], &ok);
  if (!ok || ![list isKindOfClass: [NSArray class]]) { fail(@"a scenario needs superview.width, superview.height and views"); return; }
  [root release];
  [views release];
  [ids release];
  root = [[LabView alloc] initWithFrame: NSMakeRect(0, 0, w, h)];
  [root setAutoresizesSubviews: YES];
  views = [NSMutableArray new];
  ids = [NSMutableArray new];
  NSMutableDictionary *byID = [NSMutableDictionary dictionary];
  for (NSDictionary *v in list) {
    NSArray *frame = [v objectForKey: @"frame"];
    NSString *identifier = [v objectForKey: @"id"];
    if (![frame isKindOfClass: [NSArray class]] || [frame count] != 4 || ![identifier isKindOfClass: [NSString class]]) {
      fail(@"a view needs an id and a frame [x, y, width, height]");
      return;
    }
    NSRect r = NSMakeRect(number([frame objectAtIndex: 0], &ok), number([frame objectAtIndex: 1], &ok),
                          number([frame objectAtIndex: 2], &ok), number([frame objectAtIndex: 3], &ok));
    if (!ok) { fail([NSString stringWithFormat: @"view %@: the frame must hold numbers", identifier]); return; }
    LabView *view = [[[LabView alloc] initWithFrame: r] autorelease];
    [view setAutoresizesSubviews: YES];
    [view setAutoresizingMask: maskOf([v objectForKey: @"mask"])];
    [byID setObject: view forKey: identifier];
    [views addObject: view];
    [ids addObject: identifier];
  }
  /* Parents after every view exists (a scenario may list a child before its parent). */
  for (NSUInteger i = 0; i < [list count]; i++) {
    NSString *parent = [[list objectAtIndex: i] objectForKey: @"parent"];
    NSView *p = (parent == nil || [parent isEqual: @"superview"]) ? root : [byID objectForKey: parent];
    if (p == nil) { fail([NSString stringWithFormat: @"view %@: unknown parent %@", [ids objectAtIndex: i], parent]); return; }
    /* addSubview: keeps the frame; the frame was given in the parent's coordinates. */
    [p addSubview: [views objectAtIndex: i]];
  }
  answer([NSDictionary dictionaryWithObject: [NSNumber numberWithBool: YES] forKey: @"ok"]);
}

static void resize(NSDictionary *request) {
  BOOL ok = YES;
  double w = number([request objectForKey: @"width"], &ok), h = number([request objectForKey: @"height"], &ok);
  if (!ok) { fail(@"a size needs width and height"); return; }
  if (root == nil) { fail(@"a size before any scenario"); return; }
  [root setFrameSize: NSMakeSize(w, h)];
  NSMutableDictionary *frames = [NSMutableDictionary dictionary];
  for (NSUInteger i = 0; i < [views count]; i++) {
    NSRect f = [[views objectAtIndex: i] frame];
    [frames setObject: [NSArray arrayWithObjects: [NSNumber numberWithDouble: f.origin.x], [NSNumber numberWithDouble: f.origin.y],
                                                  [NSNumber numberWithDouble: f.size.width], [NSNumber numberWithDouble: f.size.height], nil]
               forKey: [ids objectAtIndex: i]];
  }
  answer([NSDictionary dictionaryWithObject: frames forKey: @"frames"]);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) if (strcmp(argv[i], "--floor-rule") == 0) floorRule = YES;
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  /* GNUstep logs to standard error (e.g. "given negative width"); the protocol is on standard output. */
  while ((length = getline(&line, &capacity, stdin)) > 0) {
    NSAutoreleasePool *pool = [NSAutoreleasePool new];
    NSData *data = [NSData dataWithBytes: line length: (NSUInteger) length];
    id request = [NSJSONSerialization JSONObjectWithData: data options: 0 error: NULL];
    NSString *type = [request isKindOfClass: [NSDictionary class]] ? [request objectForKey: @"type"] : nil;
    if (type == nil) fail(@"expected a JSON object with a type");
    else if ([type isEqual: @"scenario"]) loadScenario([request objectForKey: @"scenario"]);
    else if ([type isEqual: @"size"]) resize(request);
    else if ([type isEqual: @"end"]) answer([NSDictionary dictionaryWithObject: [NSNumber numberWithBool: YES] forKey: @"ok"]);
    else fail([NSString stringWithFormat: @"unknown request type %@", type]);
    [pool release];
  }
  free(line);
  return 0;
}
