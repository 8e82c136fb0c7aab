"""Mutations of C++ sources aimed at what the plugin reads.

Each mutation takes the source text and a random.Random and returns the
mutated text, or None where it finds nothing to change. They work on tokens
(identifiers, numbers, literals, punctuation), never inside comments, so a
mutant stays close to the program it came from: the plugin's kernel
analysis, lowering and device pass see small changes to offload calls,
kernel signatures and bodies, template arguments, strategies and captures.
"""
import re

TOKEN = re.compile(
    r"""
      (?P<comment>//[^\n]*|/\*.*?\*/)
    | (?P<directive>^[ \t]*\#[^\n]*)
    | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
    | (?P<number>\.?\d(?:[\w.]|[eEpP][+-])*)
    | (?P<ident>[A-Za-z_]\w*)
    | (?P<punct>::|->|\+\+|--|<<=|>>=|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~=<>?:;,.(){}\[\]\#])
    """,
    re.VERBOSE | re.DOTALL | re.MULTILINE,
)

TYPES = ["double", "float", "int", "long", "unsigned", "bool", "char",
         "long double", "std::int64_t", "std::uint8_t", "std::complex<double>",
         "short", "void", "std::size_t", "__int128", "_Float16"]
STRATEGIES = ["Linear1D", "Interval1D", "Chunked1D", "GridStride1D", "Grid2D",
              "Rows2D", "Columns2D", "Grid3D", "Segments", "StridedSegments",
              "Indexed"]
PARAMETER_WRAPPERS = ["offload::Region<double>", "offload::Region<int>",
                      "std::span<const double>", "std::span<double>",
                      "const std::vector<double> &", "std::vector<double> &",
                      "offload::ReduceSum<double>", "offload::Range<>",
                      "offload::Atomic<int>", "double *", "const double *",
                      "offload::Tile<double, 256>", "std::array<int, 4>",
                      "double &", "std::string", "std::function<void()>"]
CAPTURES = ["[]", "[=]", "[&]", "[this]", "[*this]", "[=, &x]", "[&, x]",
            "[x = 1]", "[&r = x]", "[...args]"]
QUALIFIERS = ["static ", "inline ", "constexpr ", "consteval ", "[[noreturn]] ",
              "[[gnu::noinline]] ", "[[gnu::always_inline]] inline ",
              '__attribute__((target_clones("avx2", "default"))) ',
              '__attribute__((target("avx2"))) ', "virtual ", 'extern "C" ',
              "template <class T> ", "friend ", "thread_local ",
              "__attribute__((weak)) ", "__attribute__((section(\".x\"))) "]
STATEMENTS = ["throw 1;", "static int s = 0; ++s;", "thread_local int t = 0;",
              'std::printf("x\\n");', "new int;", 'asm("nop");',
              "goto done; done:;", "std::vector<int> v(3);",
              "(void)typeid(int);", "__builtin_trap();", "return;",
              "volatile int z = 0; z = z + 1;", "int a[4]; a[5] = 1;",
              "std::abort();", "while (true) {}", "errno = 0;",
              "auto *p = &x; (void)p;", "double *q = nullptr; *q = 1;",
              "std::exit(0);", "long double w = 1.0L; (void)w;",
              "[[maybe_unused]] auto f = [] { return 1; };",
              "static_assert(sizeof(int) == 4);", "setjmp(nullptr);",
              "co_return;", "int *h = (int *)malloc(4); free(h);"]
LITERALS = ["0", "1", "-1", "3", "256", "257", "1024", "2147483648",
            "18446744073709551615ull", "1e300", "-0.0", "0x7fffffffffffffff",
            "1.5f", "'a'", "nullptr", "true", "(1 << 40)"]
DIRECTIVES = ['#line 1 "other.cpp"', "#define double float",
              "#undef __OFFLOAD_DEVICE__", "#pragma once",
              "#pragma omp declare target", "#pragma omp end declare target",
              "#ifdef __OFFLOAD_DEVICE__\nint device_only;\n#endif",
              "#include <offload/offload.hpp>", "#pragma clang optimize off"]


def tokens(text):
    """(kind, start, end) of every token outside comments and directives."""
    return [(m.lastgroup, m.start(), m.end()) for m in TOKEN.finditer(text)
            if m.lastgroup not in ("comment", "directive")]


def splice(text, start, end, new):
    return text[:start] + new + text[end:]


def pick(rng, items):
    return items[rng.randrange(len(items))] if items else None


def of_kind(text, kinds):
    return [t for t in tokens(text) if t[0] in kinds]


def matching(text, pattern):
    """Spans of pattern's matches that start outside comments and
    preprocessor lines."""
    skipped = [(m.start(), m.end()) for m in TOKEN.finditer(text)
               if m.lastgroup in ("comment", "directive")]
    return [(m.start(), m.end()) for m in re.finditer(pattern, text)
            if not any(s <= m.start() < e for s, e in skipped)]


def replace_match(text, rng, pattern, choices):
    """One match of pattern, replaced by one of choices."""
    places = matching(text, pattern)
    if not places:
        return None
    s, e = pick(rng, places)
    return splice(text, s, e, pick(rng, choices))


def delete_token(text, rng):
    t = pick(rng, tokens(text))
    return t and splice(text, t[1], t[2], "")


def duplicate_token(text, rng):
    t = pick(rng, tokens(text))
    return t and splice(text, t[2], t[2], " " + text[t[1]:t[2]])


def swap_tokens(text, rng):
    all_tokens = tokens(text)
    if len(all_tokens) < 2:
        return None
    i = rng.randrange(len(all_tokens) - 1)
    a, b = all_tokens[i], all_tokens[i + 1]
    return (text[:a[1]] + text[b[1]:b[2]] + text[a[2]:b[1]] +
            text[a[1]:a[2]] + text[b[2]:])


def truncate(text, rng):
    t = pick(rng, tokens(text))
    return t and text[:t[2]] + "\n"


def toggle_const(text, rng):
    consts = matching(text, r"\bconst\b\s*")
    if consts and rng.random() < 0.5:
        s, e = pick(rng, consts)
        return splice(text, s, e, "")
    places = matching(text, r"(?:offload::)?(?:Region|Atomic|Range)\s*<|"
                      r"std::(?:span|vector|array)\s*<")
    if not places:
        return None
    s, _ = pick(rng, places)
    return splice(text, s, s, "const ")


def replace_type(text, rng):
    return replace_match(text, rng,
                         r"\b(?:double|float|int|long|unsigned|bool|char|"
                         r"std::u?int(?:8|16|32|64)_t|std::size_t)\b", TYPES)


def replace_strategy(text, rng):
    return replace_match(text, rng, r"\b(?:" + "|".join(STRATEGIES) + r")\b",
                         STRATEGIES)


def replace_parameter(text, rng):
    """Gives a kernel-looking parameter (a type before a name, in a
    parameter list) another type."""
    places = matching(text, r"(?<=[(,])\s*[\w:<>, &*]+?\s+\w+(?=\s*[,)])")
    if not places:
        return None
    s, e = pick(rng, places)
    name = re.search(r"\w+$", text[s:e]).group(0)
    return splice(text, s, e, " " + pick(rng, PARAMETER_WRAPPERS) + " " + name)


def replace_capture(text, rng):
    return replace_match(text, rng,
                         r"\[[^\[\]\n]*\](?=\s*(?:\(|\{|mutable|<))", CAPTURES)


def call_arguments(text, rng):
    """Drops, doubles or swaps an argument of an offload-style call, or
    calls another entry point."""
    calls = matching(text, r"\b(?:offload|offload_args|preload|preload_mut|"
                     r"exclusive_scan|inclusive_scan|copy_if|copy_index_if)"
                     r"\s*\(")
    if not calls:
        return None
    s, e = pick(rng, calls)
    depth, args, start = 1, [], e
    i = e
    while i < len(text) and depth:
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if depth == 0 or (depth == 1 and c == ","):
            args.append((start, i))
            start = i + 1
        i += 1
    if depth or not args:
        return None
    choice = rng.randrange(4)
    if choice == 0:
        name = pick(rng, ["offload(", "offload_args(", "offload::offload(",
                          "preload(", "preload_mut(", "offload::copy_if("])
        return splice(text, s, e, name)
    a = pick(rng, args)
    if choice == 1:  # drop
        lo = a[0] - 1 if a[0] > e and text[a[0] - 1] == "," else a[0]
        return splice(text, lo, a[1], "")
    if choice == 2:  # double
        return splice(text, a[1], a[1], "," + text[a[0]:a[1]])
    b = pick(rng, args)
    if a == b:
        return None
    first, second = sorted([a, b])
    return (text[:first[0]] + text[second[0]:second[1]] +
            text[first[1]:second[0]] + text[first[0]:first[1]] +
            text[second[1]:])


def split_top(text, start, end):
    """The comma-separated pieces of text[start:end] at bracket depth 0, as
    (start, end) pairs; None if the brackets do not balance."""
    depth, pieces, first = 0, [], start
    for i in range(start, end):
        c = text[i]
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            pieces.append((first, i))
            first = i + 1
    if depth:
        return None
    pieces.append((first, end))
    return pieces


def closing(text, open_at):
    """The index of the bracket that closes the one at open_at."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return None


def into_struct(text, rng):
    """Moves some of a kernel's parameters into a struct parameter (a struct
    of views, or with the wrong members, one holding a pointer or a
    reference), and the matching arguments of an offload() call into a
    braced struct (or a variable of it), as applications pass their data."""
    kernels = [m for m in re.finditer(r"(?m)^void\s+(\w+)\s*\(([^()]*)\)\s*\{",
                                      text) if m.group(2).strip()]
    rng.shuffle(kernels)
    for k in kernels:
        name = k.group(1)
        params = split_top(text, k.start(2), k.end(2))
        calls = [m for m in re.finditer(
            r"\boffload(?:::offload)?\s*\((?:\s*offload::Launch\{[^}]*\}\s*,)?"
            r"\s*&?" + name + r"\s*,", text)]
        if not params or not calls:
            continue
        call = pick(rng, calls)
        close = closing(text, text.index("(", call.start()))
        args = close and split_top(text, call.end(), close)
        if not args or len(args) != len(params):
            continue
        first = rng.randrange(len(params))
        last = rng.randrange(first, len(params)) + 1
        members = []
        for s, e in params[first:last]:
            decl = text[s:e].strip()
            m = re.match(r"(.*?)(\w+)$", decl, re.DOTALL)
            if not m or not m.group(1).strip():
                break
            members.append((m.group(1).strip(), m.group(2)))
        else:
            struct = "Moved%d" % rng.randrange(1000)
            definition = "struct %s {\n%s};\n" % (
                struct, "".join("  %s %s;\n" % t for t in members))
            binds = "".join(" auto &%s = %s_.%s;" % (n, struct, n)
                            for _, n in members)
            values = ", ".join(text[s:e].strip() for s, e in args[first:last])
            # The call first (it comes later in the text), then the kernel.
            if rng.randrange(2):
                new_args = "%s{%s}" % (struct, values)
                out = splice(text, args[first][0], args[last - 1][1],
                             " " + new_args)
            else:
                # A variable that only this call uses, declared before it.
                line = text.rfind("\n", 0, call.start()) + 1
                indent = re.match(r"[ \t]*", text[line:]).group(0)
                out = splice(text, args[first][0], args[last - 1][1],
                             " " + struct.lower())
                out = splice(out, line, line, "%s%s %s{%s};\n" % (
                    indent, struct, struct.lower(), values))
            brace = k.end()
            out = splice(out, brace, brace, binds)
            out = splice(out, params[first][0], params[last - 1][1],
                         " %s %s_" % (struct, struct))
            return splice(out, k.start(), k.start(), definition)
    return None


def qualify_function(text, rng):
    places = matching(text, r"(?m)^(?:template\s*<[^>]*>\s*)?(?=void\s+\w+\s*\()")
    if not places:
        return None
    _, e = pick(rng, places)
    return splice(text, e, e, pick(rng, QUALIFIERS))


def insert_statement(text, rng):
    """A statement at the start of a function or lambda body."""
    places = matching(text, r"\)\s*(?:const\s*|noexcept\s*|mutable\s*)*\{")
    if not places:
        return None
    _, e = pick(rng, places)
    return splice(text, e, e, " " + pick(rng, STATEMENTS) + " ")


def replace_literal(text, rng):
    t = pick(rng, of_kind(text, ("number",)))
    return t and splice(text, t[1], t[2], pick(rng, LITERALS))


def replace_identifier(text, rng):
    idents = of_kind(text, ("ident",))
    if len(idents) < 2:
        return None
    t = pick(rng, idents)
    other = pick(rng, idents)
    return splice(text, t[1], t[2], text[other[1]:other[2]])


def insert_directive(text, rng):
    lines = text.split("\n")
    i = rng.randrange(len(lines) + 1)
    return "\n".join(lines[:i] + [pick(rng, DIRECTIVES)] + lines[i:])


MUTATIONS = [delete_token, duplicate_token, swap_tokens, truncate,
             toggle_const, replace_type, replace_strategy, replace_parameter,
             replace_capture, call_arguments, qualify_function,
             insert_statement, replace_literal, replace_identifier,
             insert_directive, into_struct]


def mutate(text, rng, steps=1, mutations=MUTATIONS):
    """Applies `steps` of `mutations`; returns (text, names of the
    mutations)."""
    applied = []
    for _ in range(100):
        if len(applied) == steps:
            break
        m = pick(rng, mutations)
        out = m(text, rng)
        if out is not None and out != text:
            text = out
            applied.append(m.__name__)
    return text, applied
