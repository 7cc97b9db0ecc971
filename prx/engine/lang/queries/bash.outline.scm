; Bash outline: functions (``f() { }``, ``function f { }``, ``function f() { }``, subshell
; bodies included; a function defined inside another is its child) and top-level
; UPPER_CASE variables (``X=1``, ``readonly X=1``, ``declare -r X=1``, ``export X=1``).

(function_definition name: (word) @name body: (_) @body) @definition.function

((program (variable_assignment name: (variable_name) @name) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

; readonly / declare / export with one assignment: the whole command is the definition;
; with several, each assignment is.
((program
   [(declaration_command
      .
      (variable_assignment name: (variable_name) @name)
      .)
    (declaration_command
      .
      (word)
      .
      (variable_assignment name: (variable_name) @name)
      .)
    (declaration_command
      .
      (word)
      .
      (word)
      .
      (variable_assignment name: (variable_name) @name)
      .)] @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

((program
   (declaration_command
     (variable_assignment name: (variable_name) @name) @definition.const))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
