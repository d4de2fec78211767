# cub-to-xcub.sed: the mechanical rename of a CUB 3.x program to xcub (docs/porting-from-cub.md).
#   sed -f scripts/cub-to-xcub.sed program.cu > program_xcub.cu      # or: sed -i -f ... files
# Headers: <cub/X/Y.cuh> -> <xcub/X/Y.hpp> (the umbrella <cub/cub.cuh> -> <xcub/cub.hpp>);
# namespaces: cub:: -> xcub::, namespace cub -> namespace xcub, CUB_NS_QUALIFIER -> ::xcub;
# debug macros: CubDebug -> XcubDebug, CubDebugExit -> XcubDebugExit, _CubLog -> _XcubLog,
# CUB_STDERR -> XCUB_STDERR. Kernel qualifiers, __shared__, <<<>>> and CUDA runtime calls are left
# as they are (CUDA keeps them; scripts/cub-to-xcub-portable.sed and the guide cover the others).
# GNU sed (\b, \| and \+ in basic expressions).

# includes, in <> and in ""
s@\([<"]\)cub/\([A-Za-z0-9_/]*\)\.cuh\([>"]\)@\1xcub/\2.hpp\3@g

# namespaces (hipcub::, xcub:: and other names that end in cub stay)
s@\(^\|[^A-Za-z0-9_]\)cub::@\1xcub::@g
s@\bnamespace cub\b@namespace xcub@g
s@\bCUB_NS_QUALIFIER\b@::xcub@g
s@\bCUB_NAMESPACE_BEGIN\b@namespace xcub {@g
s@\bCUB_NAMESPACE_END\b@}@g

# debug and logging
s@\bCubDebugExit\b@XcubDebugExit@g
s@\bCubDebug\b@XcubDebug@g
s@\b_CubLog\b@_XcubLog@g
s@\bCUB_STDERR\b@XCUB_STDERR@g
