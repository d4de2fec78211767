#!/usr/bin/env python3
"""SASS of nvcc 13 sm_90 code on a machine without a GPU or a CUDA 13 disassembler.

Debian's non-free nvidia-cuda-toolkit (11.8) has an nvdisasm that decodes sm_90 instructions but
not the ELF header of CUDA 13's cubins (ABI version 8: the architecture sits in other bits of
e_flags). This script rewrites those two header fields in a copy (ABI version 7, e_flags of an
sm_90 cubin of CUDA 12) and disassembles that; the code sections are untouched.

  scripts/sass.py fetch                          download nvidia-cuda-toolkit's .deb (apt, non-free)
                                                 and unpack nvdisasm into build/tools (once)
  scripts/sass.py list CUBIN [TEXT...]           instruction count and opcode histogram per kernel
  scripts/sass.py twins CUBIN [REGS_LOG]         xcub kernels beside their CUB twins (benchmark
                                                 kernels named ...use_xcub... / ...use_cub...):
                                                 instructions (no NOPs) and, from a log of
                                                 `nvcc -Xptxas -v`, registers
  scripts/sass.py show CUBIN TEXT...             the SASS of the kernels whose names contain TEXT,
                                                 with the live registers after each instruction

A cubin for one source: nvcc -cubin -gencode=arch=compute_90,code=sm_90 <the build's flags>
-o x.cubin src.cu -Xptxas -v 2> regs.log (the flags: build/cuda-bench/compile_commands.json).
"""
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, 'build', 'tools')
NVDISASM = os.path.join(TOOLS, 'usr', 'bin', 'nvdisasm')


def fetch():
    """nvidia-cuda-toolkit's nvdisasm from Debian bookworm's non-free component, into build/tools."""
    os.makedirs(TOOLS, exist_ok=True)
    sources = os.path.join(TOOLS, 'nonfree.sources')
    with open(sources, 'w') as f:
        f.write('Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: non-free\n'
                'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n')
    lists = os.path.join(TOOLS, 'lists')
    os.makedirs(os.path.join(lists, 'partial'), exist_ok=True)
    opts = ['-o', f'Dir::Etc::SourceList={sources}', '-o', 'Dir::Etc::SourceParts=/dev/null',
            '-o', f'Dir::State::Lists={lists}']
    subprocess.run(['apt-get', *opts, 'update'], check=True)
    subprocess.run(['apt-get', *opts, 'download', 'nvidia-cuda-toolkit'], check=True, cwd=TOOLS)
    deb = next(f for f in os.listdir(TOOLS) if f.startswith('nvidia-cuda-toolkit') and f.endswith('.deb'))
    subprocess.run(['dpkg', '-x', deb, TOOLS], check=True, cwd=TOOLS)
    print('nvdisasm:', NVDISASM)


def _run_nvdisasm(cubin, extra):
    if not os.path.exists(NVDISASM):
        sys.exit('scripts/sass.py: no nvdisasm yet: run `scripts/sass.py fetch` first')
    data = bytearray(open(cubin, 'rb').read())
    if data[8] == 8:  # CUDA 13's ELF ABI: rewrite as CUDA 12 wrote sm_90 cubins
        data[8] = 7
        struct.pack_into('<I', data, 0x30, 0x005a055a)
    fd, tmp = tempfile.mkstemp(suffix='.cubin')
    try:
        os.write(fd, data)
        os.close(fd)
        out = subprocess.run([NVDISASM, '-c', *extra, tmp], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(out.stderr)
        return out.stdout
    finally:
        os.unlink(tmp)


def functions(sass):
    """{kernel name: its disassembly}."""
    return {part.split(' ', 1)[0]: part for part in re.split(r'\n//-+ \.text\.', sass)[1:]}


INSTRUCTION = re.compile(r'/\*[0-9a-f]{4,5}\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+)')


def opcodes(body):
    return collections.Counter(m.group(1) for m in INSTRUCTION.finditer(body))


def registers(log):
    regs = {}
    if log:
        name = None
        for line in open(log):
            m = re.search(r"Compiling entry function '(\S+)'", line)
            if m:
                name = m.group(1)
            m = re.search(r'Used (\d+) registers', line)
            if m and name:
                regs[name] = int(m.group(1))
    return regs


def main(argv):
    if not argv or argv[0] not in ('fetch', 'list', 'twins', 'show'):
        sys.exit(__doc__)
    if argv[0] == 'fetch':
        return fetch()
    cubin, rest = argv[1], argv[2:]
    if argv[0] == 'list':
        for name, body in functions(_run_nvdisasm(cubin, [])).items():
            if all(t in name for t in rest):
                ops = opcodes(body)
                print(name, sum(ops.values()))
                print('   ', ' '.join(f'{k}:{v}' for k, v in ops.most_common()))
    elif argv[0] == 'twins':
        fs = functions(_run_nvdisasm(cubin, []))
        regs = registers(rest[0] if rest else None)
        for name, body in sorted(fs.items()):
            if 'use_xcub' not in name:
                continue
            twin = name.replace('8use_xcub', '7use_cub')
            if twin not in fs:
                continue
            count = lambda b: sum(v for k, v in opcodes(b).items() if k != 'NOP')
            nx, nc = count(body), count(fs[twin])
            print(f"{re.sub(r'^.*?kernelI', '', name)[:70]:72s} regs {regs.get(name, '?'):>3}/{regs.get(twin, '?'):<3} "
                  f"sass {nx:5d}/{nc:<5d} {nx / nc:.3f}")
    else:
        for name, body in functions(_run_nvdisasm(cubin, ['-lrm', 'count'])).items():
            if all(t in name for t in rest):
                print('//', name)
                for line in body.splitlines():
                    m = re.match(r'\s+/\*([0-9a-f]{4,5})\*/\s+(.*?);.*?\|\s*(\d+)\s*\|', line)
                    if m:
                        print(f'{m.group(1)} {int(m.group(3)):3d}  {m.group(2).strip()}')
                    elif line.startswith('.L'):
                        print(line)


if __name__ == '__main__':
    main(sys.argv[1:])
