package io.vaultstream.model;

import java.util.List;
import java.util.stream.Collectors;

/** Thrown when a vault model document has problems; carries all of them at once. */
public class ModelException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient List<ModelProblem> problems;

  public ModelException(String source, List<ModelProblem> problems) {
    super(
        "The vault model "
            + source
            + " has "
            + problems.size()
            + (problems.size() == 1 ? " problem" : " problems")
            + ":\n"
            + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, in document order. */
  public List<ModelProblem> problems() {
    return problems;
  }
}
