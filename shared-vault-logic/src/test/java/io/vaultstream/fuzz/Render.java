package io.vaultstream.fuzz;

import java.util.Collection;
import java.util.HexFormat;
import java.util.Map;

/** Short, printable renderings of generated inputs and stored messages for the findings report. */
final class Render {
  private Render() {}

  /** The text with control characters and surrogates escaped as Java escapes, cut at max chars. */
  static String escape(String s, int max) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length() && sb.length() < max; i++) {
      char c = s.charAt(i);
      if (Character.isISOControl(c) || Character.isSurrogate(c)) {
        sb.append("\\u").append(hex4(c));
      } else {
        sb.append(c);
      }
    }
    if (sb.length() >= max) {
      sb.append("... (").append(s.length()).append(" chars)");
    }
    return sb.toString();
  }

  /** A character's four upper-case hex digits. */
  static String hex4(char c) {
    String h = Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT);
    return "0000".substring(h.length()) + h;
  }

  /** Upper-case hex of the first bytes. */
  static String hex(byte[] b, int max) {
    int n = Math.min(b.length, max);
    return HexFormat.of().withUpperCase().formatHex(b, 0, n) + (n < b.length ? "..." : "");
  }

  /** A map or list rendered like JSON, iteratively to any depth, cut at max chars. */
  static String preview(Object v, int max) {
    StringBuilder sb = new StringBuilder();
    java.util.ArrayDeque<Object> todo = new java.util.ArrayDeque<>();
    todo.push(v == null ? new Token("null") : v);
    while (!todo.isEmpty() && sb.length() < max) {
      Object o = todo.pop();
      if (o instanceof Token t) {
        sb.append(t.text);
      } else if (o instanceof Map<?, ?> m) {
        sb.append('{');
        todo.push(new Token("}"));
        Object[] entries = m.entrySet().toArray();
        for (int i = entries.length - 1; i >= 0; i--) {
          Map.Entry<?, ?> e = (Map.Entry<?, ?>) entries[i];
          todo.push(e.getValue() == null ? new Token("null") : e.getValue());
          todo.push(
              new Token(
                  (i > 0 ? "," : "") + "\"" + escape(String.valueOf(e.getKey()), 80) + "\":"));
        }
      } else if (o instanceof Collection<?> c) {
        sb.append('[');
        todo.push(new Token("]"));
        Object[] items = c.toArray();
        for (int i = items.length - 1; i >= 0; i--) {
          todo.push(items[i] == null ? new Token("null") : items[i]);
          if (i > 0) {
            todo.push(new Token(","));
          }
        }
      } else if (o instanceof String s) {
        sb.append('"').append(escape(s, 80)).append('"');
      } else {
        sb.append(escape(String.valueOf(o), 80));
      }
    }
    return sb.length() >= max ? sb.substring(0, max) + "..." : sb.toString();
  }

  private record Token(String text) {}
}
