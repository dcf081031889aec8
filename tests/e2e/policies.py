"""Catch the browser refusing something under the site's security headers.

``watch_policies(context)`` returns a list that fills, for every page of the
context, with each ``securitypolicyviolation`` event and each console line
about the Content Security Policy or the Permissions-Policy header.
"""

# An init script runs before the page's own scripts and is not subject to CSP.
_REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.mdealPolicyViolation(
    `${e.effectiveDirective} blocked ${e.blockedURI} on ` +
    `${location.pathname} (${e.sourceFile || "?"}:${e.lineNumber})`
  );
});
"""
_POLICY_WORDS = (
    "Content Security Policy",
    "Content-Security-Policy",
    "Permissions Policy",
    "Permissions-Policy",
)


def watch_policies(context) -> list[str]:
    violations: list[str] = []

    def on_violation(line: str) -> None:
        violations.append(line)

    def on_console(message) -> None:
        if any(word in message.text for word in _POLICY_WORDS):
            violations.append(f"console {message.type}: {message.text}")

    context.expose_function("mdealPolicyViolation", on_violation)
    context.add_init_script(_REPORT_VIOLATIONS)
    context.on("console", on_console)
    return violations
