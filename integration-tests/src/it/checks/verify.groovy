// checks=true: the module traps after printing the kernel, file and line of a bad index.
def ptx = new File(basedir, 'target/classes/META-INF/jptx/dev/it/Saxpy/sm_75.ptx').text
assert ptx.contains('trap;')
assert ptx.contains('call vprintf')
def bytes = ptx.findAll(/\.b8 __jptx_fmt\w*\[\d+\] = \{([0-9, ]+)\}/) { m, b -> b }
def text = bytes.collect { it.split(', ').collect { (char) Integer.parseInt(it) }.join('') }.join('\n')
assert text.contains('kernel dev.it.Saxpy.saxpy (dev/it/Saxpy.java:16): Index %d out of bounds for length %d')
return true
