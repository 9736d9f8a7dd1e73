/* The scenario's values (masks, priorities, attribute names) as AppKit's. */
#import "Engine.h"

BOOL isNumber(id value)
{
  return [value isKindOfClass: [NSNumber class]];
}

BOOL isAbsent(id value)
{
  return value == nil || value == [NSNull null];
}

/* UIKit's mask from the scenario's "mask": an integer, a list of UIKit names, or Apple's notation
   "h=&&- v=--&" (min margin, size, max margin per axis; v's min margin is the top). -1: unreadable. */
NSInteger uikitMask(id value)
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
                                                  @"flexibleTopMargin", @"flexibleHeight", @"flexibleBottomMargin",
                                                  nil];
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
NSUInteger appKitMask(NSInteger uikit)
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
float priorityOf(id value, float fallback)
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
NSLayoutAttribute attributeOf(NSString *name, BOOL *margin)
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
