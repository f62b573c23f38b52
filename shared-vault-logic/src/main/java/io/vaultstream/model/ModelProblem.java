package io.vaultstream.model;

/**
 * One problem found in a vault model document.
 *
 * @param path where in the document, as a JSON pointer ({@code /links/lnk_x/hubs/1/via})
 * @param message what is wrong and what would be valid
 */
public record ModelProblem(String path, String message) {
  @Override
  public String toString() {
    return path + ": " + message;
  }
}
