/* The engine's answers: one JSON object per line on standard output. */
#import "Engine.h"

char lastFailure[512];

void appendString(NSMutableString *out, NSString *s)
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
void appendNumber(NSMutableString *out, double x)
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

void emit(NSString *line)
{
  const char *text = [line UTF8String];
  fputs(text, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

void ok(void) { emit(@"{\"ok\":true}"); }

void answerError(NSString *message)
{
  NSMutableString *out = [NSMutableString stringWithString: @"{\"error\":"];
  appendString(out, message);
  [out appendString: @"}"];
  emit(out);
}

/* An error answer, remembered as the reason the current scenario (if any) is gone. */
void fail(NSString *message)
{
  snprintf(lastFailure, sizeof lastFailure, "%s", [message UTF8String]);
  answerError(message);
}
