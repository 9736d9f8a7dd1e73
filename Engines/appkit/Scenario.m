/* The scenario as a window of flipped views, and its layout at each size asked for. */
#import "Engine.h"

/* -hasAmbiguousLayout is public on macOS; GNUstep master does not have it (asked only when present). */
@protocol LabAmbiguity
- (BOOL) hasAmbiguousLayout;
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

NSWindow *window = nil;
LabView *root = nil;
NSMutableArray *views = nil;
NSMutableArray *ids = nil;
NSMutableDictionary *byID = nil;
NSMutableArray *installed = nil;

void teardown(void)
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

/* The view's intrinsic content size and its hugging and compression-resistance priorities; nil or
   an error message. */
static NSString *setContentPriorities(LabView *view, NSDictionary *v, NSString *identifier)
{
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
      if (![p isKindOfClass: [NSDictionary class]])
        return viewProblem(v, identifier, [keys[k] stringByAppendingString: @" must be an object"]);
      float defaults = k == 0 ? NSLayoutPriorityDefaultLow : NSLayoutPriorityDefaultHigh;
      float horizontal = priorityOf([p objectForKey: @"horizontal"], defaults);
      float vertical = priorityOf([p objectForKey: @"vertical"], defaults);
      if (horizontal == 0 || vertical == 0)
        return viewProblem(v, identifier, [keys[k] stringByAppendingString: @": bad priority"]);
      if (k == 0)
        {
          [view setContentHuggingPriority: horizontal forOrientation: NSLayoutConstraintOrientationHorizontal];
          [view setContentHuggingPriority: vertical forOrientation: NSLayoutConstraintOrientationVertical];
        }
      else
        {
          [view setContentCompressionResistancePriority: horizontal
                                          forOrientation: NSLayoutConstraintOrientationHorizontal];
          [view setContentCompressionResistancePriority: vertical
                                          forOrientation: NSLayoutConstraintOrientationVertical];
        }
    }
  return nil;
}

/* One view of the scenario, made and registered (its parent comes later); nil or an error message. */
static NSString *addView(NSDictionary *v, BOOL rightToLeft)
{
  if (![v isKindOfClass: [NSDictionary class]]) return @"every view must be an object";
  NSString *identifier = [v objectForKey: @"id"];
  NSArray *frame = [v objectForKey: @"frame"];
  if (![identifier isKindOfClass: [NSString class]] || ![frame isKindOfClass: [NSArray class]]
      || [frame count] != 4)
    return @"a view needs an id and a frame [x, y, width, height]";
  for (id n in frame) if (!isNumber(n)) return viewProblem(v, identifier, @"the frame must hold numbers");
  if ([byID objectForKey: identifier] != nil) return viewProblem(v, identifier, @"duplicate id");
  if (!isAbsent([v objectForKey: @"scrollView"]))
    return viewProblem(v, identifier, @"UIKit scroll views have no AppKit form here");
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
  NSString *problem = setContentPriorities(view, v, identifier);
  if (problem != nil) return problem;
  [byID setObject: view forKey: identifier];
  [views addObject: view];
  [ids addObject: identifier];
  return nil;
}

/* Parents after every view exists (a scenario may list a child before its parent). */
static NSString *attachParents(NSArray *list)
{
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
  return nil;
}

/* The hand-written constraints, then the Visual Format ones; nil or an error message. */
static NSString *addConstraints(NSDictionary *scenario)
{
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
  return nil;
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
      NSString *problem = addView(v, rightToLeft);
      if (problem != nil) return problem;
    }
  NSString *problem = attachParents(list);
  if (problem != nil) return problem;

  /* The masks become constraints now, from the scenario's frames (GNUstep translates them in
     -updateConstraints, once); then the hand-written constraints, then the Visual Format ones. */
  [root layoutSubtreeIfNeeded];
  problem = addConstraints(scenario);
  if (problem != nil) return problem;
  [root layoutSubtreeIfNeeded];
  return nil;
}

void loadScenario(NSDictionary *scenario)
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

void resize(NSDictionary *request)
{
  id width = [request objectForKey: @"width"], height = [request objectForKey: @"height"];
  if (!isNumber(width) || !isNumber(height)) { fail(@"a size needs width and height"); return; }
  if (window == nil)
    {
      answerError(lastFailure[0]
                  ? [NSString stringWithFormat: @"no scenario: the last one was dropped (%s)", lastFailure]
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

