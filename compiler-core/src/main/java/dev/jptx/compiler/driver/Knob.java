package dev.jptx.compiler.driver;

/**
 * A backend knob: a seed name, a type, a default, and help text that says what it changes.
 *
 * @param name the seed's name, without the leading {@code -}
 * @param type how its value is written
 * @param defaultValue the value when not given
 * @param help what it changes, including any meaning the seed left open and we chose
 */
public record Knob(String name, Type type, String defaultValue, String help) {
  /** How a knob's value is written. */
  public enum Type {
    BOOL,
    INT,
    STRING
  }
}
