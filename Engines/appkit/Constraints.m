/* The scenario's hand-written and Visual Format constraints, made through AppKit's API and
   installed on their items' nearest common ancestor. */
#import "Engine.h"

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
  if ([identifier isKindOfClass: [NSString class]])
    return [NSString stringWithFormat: @"constraint \"%@\"", identifier];
  return [NSString stringWithFormat: @"constraint #%lu", (unsigned long) index + 1];
}

/* Makes and installs one hand-written constraint; nil or an error message. */
NSString *addHandWritten(NSDictionary *d, NSUInteger index)
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
  if (priority == 0)
    return [NSString stringWithFormat: @"%@: priority must be 1...1000 or required, high, low, fittingSize", label];
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
NSString *addVisualFormat(NSDictionary *entry, NSUInteger index)
{
  if (![entry isKindOfClass: [NSDictionary class]]
      || ![[entry objectForKey: @"format"] isKindOfClass: [NSString class]])
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
  for (NSUInteger i = 0; i < [ids count]; i++)
    [named setObject: [views objectAtIndex: i] forKey: [ids objectAtIndex: i]];
  id platform = [entry objectForKey: @"platform"];
  if (![platform isEqual: @"appkit"] && verbose)
    fprintf(stderr, "appkit-engine: visualFormat #%lu (platform %s) is parsed by AppKit's parser\n",
            (unsigned long) index + 1, isAbsent(platform) ? "uikit" : [[platform description] UTF8String]);
  NSArray *made = [NSLayoutConstraint constraintsWithVisualFormat: format options: options metrics: metrics
                                                            views: named];
  if (made == nil)
    return [NSString stringWithFormat: @"visualFormat #%lu: the parser made nothing", (unsigned long) index + 1];
  for (NSLayoutConstraint *c in made)
    {
      NSString *problem = install(c);
      if (problem != nil)
        return [NSString stringWithFormat: @"visualFormat #%lu: %@", (unsigned long) index + 1, problem];
    }
  return nil;
}
