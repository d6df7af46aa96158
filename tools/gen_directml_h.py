#!/usr/bin/env python3
"""Writes the generated parts of include/DirectML.h from the ABI facts file.

    python3 tools/gen_directml_h.py tests/abi/directml-abi-all.txt include/DirectML.h [--check]

Two regions of the header are generated, each between a '@generated NAME begin' and a
'@generated NAME end' comment line: 'operator-types' (enum DML_OPERATOR_TYPE) and
'operator-descs' (the DML_*_OPERATOR_DESC structs). Their facts (enum values, field names, field
types in order, array lengths, nullable pointers) come from the facts file; what the facts file
does not say, the DML_TARGET_VERSION that introduced each operator, is the table below. With
--check nothing is written: the exit status is 1 if the header differs from what would be
written (the ctest abi_header_generated runs this)."""
import re
import sys

# First operator of each DML_TARGET_VERSION, in the order of Microsoft's header; the operators
# before the first entry exist at every version. An operator's enum value and its desc are
# guarded alike, except ELEMENT_WISE_ADD1's desc, which Microsoft's header declares next to ADD's
# without a guard (its enum value is in the 0x2000 range).
VERSION_STARTS = [
    ("ELEMENT_WISE_SIGN", 0x2000),
    ("ELEMENT_WISE_BIT_SHIFT_LEFT", 0x2100),
    ("ELEMENT_WISE_BIT_AND", 0x3000),
    ("ELEMENT_WISE_ATAN_YX", 0x3100),
    ("ELEMENT_WISE_QUANTIZED_LINEAR_ADD", 0x4000),
    ("ROI_ALIGN_GRAD", 0x4100),
    ("ELEMENT_WISE_CLIP1", 0x5000),
    ("ACTIVATION_GELU", 0x5100),
    ("MULTIHEAD_ATTENTION", 0x6100),
    ("LP_POOLING1", 0x6200),
    ("MEAN_VARIANCE_NORMALIZATION2", 0x6300),
    ("RESAMPLE3", 0x6400),
]

# Names Microsoft's header declares as aliases of a desc: alias -> (desc, declared after).
DESC_ALIASES = {
    "DML_SCATTER_ELEMENTS_OPERATOR_DESC": (
        "DML_SCATTER_OPERATOR_DESC",
        "DML_GATHER_ELEMENTS_OPERATOR_DESC",
    ),
}

INDENT = "    "
COMMENT_COLUMN = 56  # trailing comments start here (or one space after a longer declaration)


def read_facts(path):
    """Returns (operator enumerators [(name, value)], descs {struct: [(field, type, note)]})."""
    enumerators, descs = [], {}
    for line in open(path, encoding="utf-8"):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "enum" and words[1].startswith("DML_OPERATOR_TYPE."):
            enumerators.append((words[1].split(".", 1)[1], int(words[2])))
        elif words[0] == "field":
            struct, field = words[1].split(".", 1)
            if struct.endswith("_OPERATOR_DESC") and struct != "DML_OPERATOR_DESC":
                ctype, _, note = line.split(None, 2)[2].partition(" ; ")
                descs.setdefault(struct, []).append((field, ctype.strip(), note.strip()))
    return enumerators, descs


def version_of(operator):
    """Maps an operator name (without prefix or suffix) to the version its section starts at."""
    starts = {name: version for name, version in VERSION_STARTS}
    return starts.get(operator)


def sections(names, operator_of):
    """Splits names (in header order) into [(version or None, [names])] at VERSION_STARTS."""
    out = [(None, [])]
    for name in names:
        version = version_of(operator_of(name))
        if version is not None:
            out.append((version, []))
        out[-1][1].append(name)
    return [s for s in out if s[1]]


def guarded(version, lines):
    if version is None:
        return lines
    guard = "DML_TARGET_VERSION >= 0x%04x" % version
    return ["#if " + guard] + lines + ["#endif /* %s */" % guard]


def operator_types(enumerators):
    by_value, lines = {}, []
    names = [name for name, _ in enumerators]
    values = dict(enumerators)
    for version, group in sections(names, lambda n: n[len("DML_OPERATOR_"):]):
        body = []
        for name in group:
            value = values[name]
            if value in by_value:  # an alias keeps Microsoft's spelling: the older name
                body.append("%s%s = %s," % (INDENT, name, by_value[value]))
            else:
                body.append("%s%s = %d," % (INDENT, name, value))
                by_value[value] = name
        lines += guarded(version, body)
    return ["typedef enum DML_OPERATOR_TYPE", "{"] + lines + ["} DML_OPERATOR_TYPE;"]


def note_comment(note):
    """'count=AxisCount optional' -> 'AxisCount elements, or NULL'."""
    count = re.search(r"count=(\S+)", note)
    optional = re.search(r"\boptional\b", note)
    parts = []
    if count:
        parts.append("%s elements" % count.group(1))
    if optional:
        parts.append("or NULL" if count else "may be NULL")
    return ", ".join(parts)


def declaration(field, ctype):
    array = re.fullmatch(r"(.+?)\[(\d+)\]", ctype)
    if array:
        return "%s %s[%s];" % (array.group(1), field, array.group(2))
    if ctype.endswith("*"):
        return "%s *%s;" % (ctype[:-1].rstrip(), field)
    return "%s %s;" % (ctype, field)


def struct_lines(struct, fields):
    lines = ["typedef struct %s" % struct, "{"]
    for field, ctype, note in fields:
        text = INDENT + declaration(field, ctype)
        comment = note_comment(note)
        if comment:
            text = "%s /* %s */" % (text.ljust(COMMENT_COLUMN - 1), comment)
        lines.append(text)
    return lines + ["} %s;" % struct]


def operator_descs(descs):
    lines = []
    after = {before: (alias, desc) for alias, (desc, before) in DESC_ALIASES.items()}
    for version, group in sections(list(descs), lambda s: s[len("DML_"):-len("_OPERATOR_DESC")]):
        body = []
        for struct in group:
            body += struct_lines(struct, descs[struct]) + [""]
            if struct in after:
                alias, desc = after[struct]
                body += ["/* %s under the name of its operator type's newer spelling */" % desc,
                         "typedef %s %s;" % (desc, alias), ""]
        lines += guarded(version, body[:-1]) + [""]
    return lines[:-1]


def replace_region(text, name, lines):
    pattern = re.compile(
        r"(^[^\n]*@generated %s begin[^\n]*\n)(.*?)(^[^\n]*@generated %s end)" % (name, name),
        re.S | re.M,
    )
    if not pattern.search(text):
        sys.exit("%s: no '@generated %s begin/end' region" % (sys.argv[2], name))
    return pattern.sub(lambda m: m.group(1) + "\n".join(lines) + "\n" + m.group(3), text, count=1)


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--check"):
        sys.exit(__doc__)
    facts, header = sys.argv[1], sys.argv[2]
    enumerators, descs = read_facts(facts)
    old = open(header, encoding="utf-8").read()
    new = replace_region(old, "operator-types", operator_types(enumerators))
    new = replace_region(new, "operator-descs", operator_descs(descs))
    if len(sys.argv) == 4:
        if new != old:
            print("%s: the generated regions differ from %s; run %s %s %s"
                  % (header, facts, sys.argv[0], facts, header), file=sys.stderr)
            return 1
        print("%s: %d operator types, %d operator descs agree with %s"
              % (header, len(enumerators), len(descs), facts))
        return 0
    if new != old:
        open(header, "w", encoding="utf-8").write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
